import type { Database } from '../db/client.ts';
import { AppError, conflict, type FieldError } from '../errors.ts';
import { IdempotencyRepository, type IdempotencyId } from './idempotency.repository.ts';

/** What a request produced: its status, the `data` it answered, and what to do once it is committed. */
export interface Outcome<T> {
  status: number;
  data: T;
  /** Runs after the commit and only for the request that did the work (never for a replay). */
  afterCommit?: () => Promise<void>;
}

interface StoredAnswer {
  fingerprint: string;
  status?: number;
  /** JSON text: jsonb reorders object keys, and a replay must answer byte for byte what the first answered. */
  data?: string;
  error?: { message: string; errors?: FieldError[] | undefined };
}

/** A key is remembered for a day: long enough for any client retry, short enough not to grow without bound. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a write at most once per (user, scope, Idempotency-Key). The claim is the first statement of the work's
 * own transaction: concurrent retries block on the key's primary key until the first commits, then read its
 * answer. A crash rolls the claim back with the work, so a retry can do it again. Client errors (4xx) are
 * remembered as answers too, so a retry gets the same status and body; server errors are not.
 */
export class IdempotencyService {
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(db: Database, now: () => Date) {
    this.#db = db;
    this.#now = now;
  }

  async run<T>(
    request: { userId: string; scope: string; key: string | undefined; fingerprint: string },
    work: (tx: Database) => Promise<Outcome<T>>,
  ): Promise<{ status: number; data: T; replayed: boolean }> {
    if (request.key === undefined) {
      // Nothing to claim: the work runs on the database itself, so it must keep its writes atomic on its own
      // (a single statement), which spares a short request the two round trips of BEGIN and COMMIT.
      const outcome = await work(this.#db);
      await outcome.afterCommit?.();
      return { status: outcome.status, data: outcome.data, replayed: false };
    }
    const id: IdempotencyId = { userId: request.userId, scope: request.scope, key: request.key };
    const { answer, afterCommit, replayed } = await this.#db.transaction(async (tx) => {
      const keys = new IdempotencyRepository(tx);
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
          status: outcome.status,
          data: JSON.stringify(outcome.data),
        };
        after = outcome.afterCommit;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        answer = {
          fingerprint: request.fingerprint,
          status: error.status,
          error: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
        };
      }
      await keys.complete(id, answer.status ?? 200, answer);
      return { answer, afterCommit: after, replayed: false };
    });
    if (answer.error) {
      throw new AppError(
        answer.status ?? 400,
        answer.error.message,
        answer.error.errors ? { errors: answer.error.errors } : {},
      );
    }
    await afterCommit?.();
    return { status: answer.status ?? 200, data: JSON.parse(answer.data ?? 'null') as T, replayed };
  }
}
