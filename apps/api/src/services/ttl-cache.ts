/**
 * A small time-limited cache of computed values, shared by concurrent callers: while a value is being computed,
 * everyone asking for the same key waits for that one computation. Oldest keys are dropped past `maxEntries`.
 */
export class TtlCache<T> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #clock: () => number;
  readonly #entries = new Map<string, { expiresAt: number; value: Promise<T> }>();

  constructor(options: { ttlMs: number; maxEntries: number; clock?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#clock = options.clock ?? (() => performance.now());
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.#clock();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = compute();
    this.#entries.delete(key);
    this.#entries.set(key, { expiresAt: now + this.#ttlMs, value });
    // A failed computation is not remembered: the next caller tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
