import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('computes once per key while fresh, again once expired', async () => {
    let now = 0;
    let computed = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, clock: () => now });
    const compute = () => Promise.resolve(++computed);
    expect(await cache.get('a', compute)).toBe(1);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(2);
    expect(await cache.get('b', compute)).toBe(3);
  });

  it('shares one computation between concurrent callers', async () => {
    let computed = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 10));
    expect(
      await Promise.all([cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)]),
    ).toEqual([1, 1, 1]);
  });

  it('forgets failures and everything on clear', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', () => Promise.resolve(5))).toBe(5);
    cache.clear();
    expect(await cache.get('a', () => Promise.resolve(6))).toBe(6);
  });

  it('drops the oldest keys past its size', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', () => Promise.resolve(1));
    await cache.get('b', () => Promise.resolve(2));
    await cache.get('c', () => Promise.resolve(3));
    expect(await cache.get('a', () => Promise.resolve(10))).toBe(10);
    expect(await cache.get('c', () => Promise.resolve(30))).toBe(3);
  });

  it('with serveStale, answers the expired value while one refresh runs, then the refreshed one', async () => {
    let now = 0;
    let computed = 0;
    let release: () => void = () => undefined;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, serveStale: true, clock: () => now });
    const slow = () =>
      new Promise<number>((resolve) => {
        release = () => resolve(++computed);
      });
    const first = cache.get('a', slow);
    release();
    expect(await first).toBe(1);
    now = 1000;
    expect(await cache.get('a', slow)).toBe(1);
    expect(await cache.get('a', slow)).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(computed).toBe(2);
    expect(await cache.get('a', slow)).toBe(2);
  });

  it('with serveStale, drops a refresh that began before clear and keeps the stale value when a refresh fails', async () => {
    let now = 0;
    let release: (value: number) => void = () => undefined;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, serveStale: true, clock: () => now });
    expect(await cache.get('a', () => Promise.resolve(1))).toBe(1);
    now = 1000;
    expect(await cache.get('a', () => new Promise<number>((resolve) => (release = resolve)))).toBe(1);
    cache.clear();
    release(99);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', () => Promise.resolve(3))).toBe(3);
    now = 2000;
    expect(await cache.get('a', () => Promise.reject(new Error('down')))).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', () => Promise.resolve(4))).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', () => Promise.resolve(5))).toBe(4);
  });
});
