/**
 * Counts events per key in a sliding window, in memory. Enough for one process; each process of a cluster keeps
 * its own window, which only makes the limit looser, never stricter.
 */
export class SlidingWindowLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #hits = new Map<string, number[]>();

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Records a hit, or answers how many seconds to wait when the key is over its limit. */
  hit(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    if (this.#hits.size > 10_000) this.#sweep(now);
    const recent = (this.#hits.get(key) ?? []).filter((t) => t > now - this.#windowMs);
    if (recent.length >= this.#max) {
      this.#hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return { allowed: true };
  }

  #sweep(now: number): void {
    for (const [key, times] of this.#hits) {
      if (times.every((t) => t <= now - this.#windowMs)) this.#hits.delete(key);
    }
  }
}
