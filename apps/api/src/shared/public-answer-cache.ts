import { CAR_CHANGES_CHANNEL } from '../db/channels.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * How long a public answer is served from memory before it is recomputed. Another process's car write that sends no
 * signal stays unseen at most this long plus one recomputation.
 */
export const PUBLIC_ANSWER_TTL_MS = 1000;
/** The Postgres channel on which every API process announces its own writes to cars. */
export const CARS_CHANNEL = 'autoreel_cars';

/**
 * A micro-cache of caller-independent read answers (the public car lists and pages, a car by id, natural-language
 * search), kept as the JSON text sent, so a hit costs neither a query nor a serialisation.
 *
 * This process's writes to cars clear it at once; they also NOTIFY every other API process on the same database,
 * which clears its own copy when the signal arrives. Every process also clears it on the change log's wake-up, which
 * the trigger on cars sends at the commit of any write to a car (another process's, a script's), so a list never
 * answers from before a change it could see. Anything else that changes an answer (a dealer renaming itself, a signal
 * lost) shows within PUBLIC_ANSWER_TTL_MS and one recomputation. Only answers that are the same for every caller may
 * be stored here.
 */
export class PublicAnswerCache {
  readonly #answers: TtlCache<string>;
  readonly #database: DatabaseHandle;
  readonly #onError: (error: unknown) => void;
  #unlisten: Promise<() => Promise<void>> | null = null;
  /** Other short-lived figures about cars (list totals) that another process's write must clear as well. */
  readonly #alsoForget: (() => void)[] = [];
  /** Signals of this process's writes still on their way to the other processes. */
  readonly #sending = new Set<Promise<void>>();
  #closed = false;

  constructor(
    database: DatabaseHandle,
    options: { ttlMs?: number; onError?: (error: unknown) => void } = {},
  ) {
    this.#database = database;
    // An expired answer is still sent while one request's recomputation runs, so no request waits for the miss
    // that follows each expiry; a clear (a write to cars) still drops everything at once.
    this.#answers = new TtlCache<string>({
      ttlMs: options.ttlMs ?? PUBLIC_ANSWER_TTL_MS,
      maxEntries: 2000,
      serveStale: true,
    });
    this.#onError = options.onError ?? (() => undefined);
  }

  /**
   * The JSON text of `compute()`'s answer for `key`, written by `encode` (the route's answer encoder), computed once
   * per key while fresh. Errors are never kept.
   */
  json<T>(
    key: string,
    compute: () => Promise<T>,
    encode: (answer: T) => string = JSON.stringify,
  ): Promise<string> {
    return this.#answers.get(key, async () => encode(await compute()));
  }

  /** Registers another cache of car figures to clear whenever another process signals a write. */
  alsoForget(forget: () => void): void {
    this.#alsoForget.push(forget);
  }

  /** Called after this process changed cars: forgets every answer and figure here and tells the other processes. */
  carsChanged(): void {
    this.#answers.clear();
    for (const forget of this.#alsoForget) forget();
    // Once closing, the database is about to go: no other process will hear from this one again anyway.
    if (this.#closed) return;
    const sent = this.#database.notify(CARS_CHANNEL, '').catch(this.#onError);
    // Kept until sent, so that close() lets it go out before the database closes.
    this.#sending.add(sent);
    void sent.finally(() => this.#sending.delete(sent));
  }

  /** Resolves once this process's signals so far have gone out (tests: a listener started after hears none of them). */
  async announced(): Promise<void> {
    await Promise.all(this.#sending);
  }

  /** Starts clearing on other processes' signals and on the change log's wake-ups; resolves once listening. */
  async listen(): Promise<void> {
    const forgetAll = () => {
      this.#answers.clear();
      for (const forget of this.#alsoForget) forget();
    };
    this.#unlisten ??= Promise.all([
      this.#database.listen(CARS_CHANNEL, forgetAll),
      this.#database.listen(CAR_CHANGES_CHANNEL, forgetAll),
    ]).then((stops) => async () => {
      await Promise.all(stops.map((stop) => stop()));
    });
    await this.#unlisten;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#sending);
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    if (!unlisten) return;
    try {
      await (
        await unlisten
      )();
    } catch (error) {
      this.#onError(error);
    }
  }
}
