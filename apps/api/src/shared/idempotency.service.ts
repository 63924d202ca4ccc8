import type { Database } from '../db/client.ts';
import { AppError, conflict, type ErrorKind, type FieldError } from '../errors.ts';
import type { IdempotencyId, IdempotencyRepository } from './idempotency.repository.ts';

/** What a request produced: the `data` it answered, and what to do once it is committed. */
export interface Outcome<T> {
  data: T;
  /** Runs after the commit and only for the request that did the work (never for a replay). */
  afterCommit?: () => Promise<void>;
}

interface StoredAnswer {
  fingerprint: string;
  /** JSON text: jsonb reorders object keys, and a replay must answer byte for byte what the first answered. */
  data?: string;
  /** `kind` is absent from answers stored before errors had kinds; they were all refusals of the input. */
  error?: { kind?: ErrorKind; message: string; errors?: FieldError[] | undefined };
}

/** A key is remembered for a day: long enough for any client retry, short enough not to grow without bound. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a write at most once per (user, scope, Idempotency-Key). The claim is the first statement of the work's
 * own transaction: concurrent retries block on the key's primary key until the first commits, then read its
 * answer. A crash rolls the claim back with the work, so a retry can do it again. Refusals (AppErrors) are
 * remembered as answers too, so a retry gets the same refusal; unexpected failures are not.
 */
export class IdempotencyService {
  readonly #db: Database;
  readonly #keys: IdempotencyRepository;
  readonly #now: () => Date;

  /** `db` opens the transaction the claim and the work share; `keys` is bound to it inside. */
  constructor(db: Database, keys: IdempotencyRepository, now: () => Date) {
    this.#db = db;
    this.#keys = keys;
    this.#now = now;
  }

  async run<T>(
    request: {
      userId: string;
      scope: string;
      key: string | undefined;
      fingerprint: string;
      /** The work's writes must land together: it runs in a transaction even without a key. */
      atomic?: boolean;
    },
    work: (tx: Database) => Promise<Outcome<T>>,
  ): Promise<{ data: T; replayed: boolean }> {
    if (request.key === undefined) {
      // Nothing to claim. Work that is one statement runs on the database itself, which spares a short request the
      // two round trips of BEGIN and COMMIT.
      const outcome = request.atomic ? await this.#db.transaction((tx) => work(tx)) : await work(this.#db);
      await outcome.afterCommit?.();
      return { data: outcome.data, replayed: false };
    }
    const id: IdempotencyId = { userId: request.userId, scope: request.scope, key: request.key };
    const { answer, afterCommit, replayed } = await this.#db.transaction(async (tx) => {
      const keys = this.#keys.in(tx);
      await keys.deleteIfOlderThan(id, new Date(this.#now().getTime() - IDEMPOTENCY_TTL_MS));
      if (!(await keys.claim(id, { fingerprint: request.fingerprint }))) {
        const row = await keys.find(id);
        const stored = row?.response as StoredAnswer | undefined;
        if (!row || row.statusCode === null || !stored) {
          throw conflict('A request with this Idempotency-Key is still being processed');
        }
        if (stored.fingerprint !== request.fingerprint) {
          throw conflict('This Idempotency-Key was already used for a different request');
        }
        return { answer: stored, afterCommit: undefined, replayed: true };
      }
      let answer: StoredAnswer;
      let after: (() => Promise<void>) | undefined;
      try {
        // A savepoint, so a refused request rolls its own writes back but keeps the claim and its answer.
        const outcome = await tx.transaction((inner) => work(inner));
        answer = {
          fingerprint: request.fingerprint,
          data: JSON.stringify(outcome.data),
        };
        after = outcome.afterCommit;
      } catch (error) {
        if (!(error instanceof AppError) || error.kind === 'delivery-failed') throw error;
        answer = {
          fingerprint: request.fingerprint,
          error: {
            kind: error.kind,
            message: error.message,
            ...(error.errors ? { errors: error.errors } : {}),
          },
        };
      }
      await keys.complete(id, answer.error ? 'refused' : 'answered', answer);
      return { answer, afterCommit: after, replayed: false };
    });
    if (answer.error) {
      throw new AppError(
        answer.error.kind ?? 'invalid-input',
        answer.error.message,
        answer.error.errors ? { errors: answer.error.errors } : {},
      );
    }
    await afterCommit?.();
    return { data: JSON.parse(answer.data ?? 'null') as T, replayed };
  }
}
