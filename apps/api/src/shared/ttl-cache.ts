interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
  /** Set once the value has resolved: only a known value may be served stale. */
  settled: boolean;
  refreshing: boolean;
}

/**
 * A small time-limited cache of computed values, shared by concurrent callers: while a value is being computed,
 * everyone asking for the same key waits for that one computation. Oldest keys are dropped past `maxEntries`.
 *
 * With `serveStale`, an expired value is still answered while one caller's refresh runs in the background, so no
 * request waits for the recomputation (a value is then at most `ttlMs` plus one computation old); `clear()` still
 * drops everything at once, and a refresh that started before it is discarded.
 */
export class TtlCache<T> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #serveStale: boolean;
  readonly #clock: () => number;
  readonly #entries = new Map<string, Entry<T>>();
  /** Bumped by clear(), so a computation begun before a clear never stores its (older) result. */
  #generation = 0;

  constructor(options: { ttlMs: number; maxEntries: number; serveStale?: boolean; clock?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#serveStale = options.serveStale ?? false;
    this.#clock = options.clock ?? (() => performance.now());
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.#clock();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached && this.#serveStale && cached.settled) {
      if (!cached.refreshing) this.#refresh(key, cached, compute);
      return cached.value;
    }
    return this.#store(key, compute()).value;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }

  #refresh(key: string, stale: Entry<T>, compute: () => Promise<T>): void {
    stale.refreshing = true;
    const generation = this.#generation;
    compute().then(
      (value) => {
        if (generation === this.#generation && this.#entries.get(key) === stale)
          this.#store(key, Promise.resolve(value));
      },
      // The stale value stays; the next caller tries again.
      () => {
        stale.refreshing = false;
      },
    );
  }

  #store(key: string, value: Promise<T>): Entry<T> {
    const entry: Entry<T> = {
      expiresAt: this.#clock() + this.#ttlMs,
      value,
      settled: false,
      refreshing: false,
    };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
      },
      // A failed computation is not remembered: the next caller tries again.
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return entry;
  }
}
