import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './sliding-window-limiter.ts';

describe('SlidingWindowLimiter', () => {
  it('allows max hits per window per key and says when to come back', () => {
    const limiter = new SlidingWindowLimiter(2, 60_000);
    expect(limiter.hit('a', 0)).toEqual({ allowed: true });
    expect(limiter.hit('a', 10_000)).toEqual({ allowed: true });
    expect(limiter.hit('a', 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.hit('b', 20_000)).toEqual({ allowed: true });
    // The first hit leaves the window at 60 s, making room for one more.
    expect(limiter.hit('a', 60_001)).toEqual({ allowed: true });
    expect(limiter.hit('a', 60_002)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('never asks to wait less than a second', () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    limiter.hit('k', 0);
    expect(limiter.hit('k', 999.9)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
