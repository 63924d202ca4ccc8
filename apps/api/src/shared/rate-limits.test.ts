import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimitFactory } from './rate-limits.ts';

describe('rate limits', () => {
  it('refuses past the limit with the seconds to wait, takes a hit back, and forgets a key', async () => {
    const limit = createRateLimitFactory({ kind: 'memory' })('test', { points: 2, durationSeconds: 60 });
    expect(await limit.hit('a')).toEqual({ allowed: true });
    expect(await limit.hit('a')).toEqual({ allowed: true });
    const refused = await limit.hit('a');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(await limit.hit('b')).toEqual({ allowed: true });

    await limit.clear('a');
    expect(await limit.hit('a')).toEqual({ allowed: true });
    await limit.giveBack('a');
    // The hit given back leaves both places free again.
    expect(await limit.hit('a')).toEqual({ allowed: true });
    expect(await limit.hit('a')).toEqual({ allowed: true });
    expect((await limit.hit('a')).allowed).toBe(false);
  });

  it('blocks a key for its block time once it goes over', async () => {
    const limit = createRateLimitFactory({ kind: 'memory' })('block', {
      points: 1,
      durationSeconds: 10,
      blockSeconds: 900,
    });
    await limit.hit('a');
    const refused = await limit.hit('a');
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(890);
  });

  it('refuses a window the in-memory store could not time', () => {
    const limits = createRateLimitFactory({ kind: 'memory' });
    expect(() => limits('long', { points: 1, durationSeconds: 30 * 24 * 60 * 60 })).toThrow(/24 days/);
    expect(() =>
      limits('long-block', { points: 1, durationSeconds: 60, blockSeconds: 25 * 86_400 }),
    ).toThrow();
  });

  describe('when Redis cannot be reached', () => {
    const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    client.on('error', () => undefined);
    afterAll(() => client.disconnect());

    it('still limits, counting in this process', async () => {
      const limit = createRateLimitFactory({ kind: 'redis', client })('down', {
        points: 1,
        durationSeconds: 60,
      });
      expect(await limit.hit('a')).toEqual({ allowed: true });
      expect((await limit.hit('a')).allowed).toBe(false);
    });
  });
});
