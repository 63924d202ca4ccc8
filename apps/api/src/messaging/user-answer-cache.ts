import { TtlCache } from '../shared/ttl-cache.ts';

/**
 * How long a user's own answer is served from memory before it is recomputed, when no message event has cleared it:
 * a change that sends no message event (another person renaming themselves, a car's new price in a chat's car
 * context) stays unseen at most this long and one recomputation. Message events (a message, a read receipt, a
 * changed car context) clear it at once.
 */
export const USER_ANSWER_TTL_MS = 1000;
/** Users with answers kept at once; past it the least recently stored user's answers are dropped. */
const USERS_KEPT = 500;
/** Answers kept per user (pages of the conversation list, a few open conversations). */
const ANSWERS_PER_USER = 16;

/**
 * A micro-cache of answers that belong to one signed-in user (their conversation list, a conversation's history),
 * kept as the JSON text sent. Keys are always scoped by the user the answer was computed for, so an answer can never
 * reach anyone else; `forget(userIds)` drops everything of those users.
 *
 * Each user's answers live in their own TtlCache, and forgetting a user drops that cache object: a computation that
 * started before the forget finishes into the dropped object, so it can never store an answer older than the event.
 */
export class UserAnswerCache {
  readonly #ttlMs: number;
  readonly #users = new Map<string, TtlCache<string>>();

  constructor(options: { ttlMs?: number } = {}) {
    this.#ttlMs = options.ttlMs ?? USER_ANSWER_TTL_MS;
  }

  /** The JSON text of `compute()`'s answer for this user and key, computed once per key while fresh. */
  json<T>(
    userId: string,
    key: string,
    compute: () => Promise<T>,
    encode: (answer: T) => string = JSON.stringify,
  ): Promise<string> {
    return this.#answersOf(userId).get(key, async () => encode(await compute()));
  }

  forget(userIds: Iterable<string>): void {
    for (const userId of userIds) this.#users.delete(userId);
  }

  #answersOf(userId: string): TtlCache<string> {
    let answers = this.#users.get(userId);
    if (!answers) {
      // An answer past its time to live (and not dropped by an event) is still sent while one request recomputes
      // it, so no request waits for that recomputation: it only ever catches changes no message event announces.
      answers = new TtlCache<string>({ ttlMs: this.#ttlMs, maxEntries: ANSWERS_PER_USER, serveStale: true });
      this.#users.set(userId, answers);
      if (this.#users.size > USERS_KEPT) {
        const oldest = this.#users.keys().next().value;
        if (oldest !== undefined) this.#users.delete(oldest);
      }
    }
    return answers;
  }
}
