import { describe, expect, it } from 'vitest';
import { UserAnswerCache } from './user-answer-cache.ts';

describe('UserAnswerCache', () => {
  it('keeps each user their own answer for the same key', async () => {
    const cache = new UserAnswerCache({ ttlMs: 60_000 });
    expect(await cache.json('ann', 'conversations 1 20', async () => ({ owner: 'ann' }))).toBe(
      '{"owner":"ann"}',
    );
    expect(await cache.json('ben', 'conversations 1 20', async () => ({ owner: 'ben' }))).toBe(
      '{"owner":"ben"}',
    );
    let computed = 0;
    const again = await cache.json('ann', 'conversations 1 20', async () => ({ computed: ++computed }));
    expect(again).toBe('{"owner":"ann"}');
    expect(computed).toBe(0);
  });

  it("forgets only the named users' answers", async () => {
    const cache = new UserAnswerCache({ ttlMs: 60_000 });
    await cache.json('ann', 'k', async () => 1);
    await cache.json('ben', 'k', async () => 1);
    cache.forget(['ann']);
    expect(await cache.json('ann', 'k', async () => 2)).toBe('2');
    expect(await cache.json('ben', 'k', async () => 2)).toBe('1');
  });

  it('never stores an answer whose computation began before a forget', async () => {
    const cache = new UserAnswerCache({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.json('ann', 'k', () => new Promise((resolve) => (release = () => resolve('old'))));
    cache.forget(['ann']);
    release();
    expect(await slow).toBe('"old"');
    expect(await cache.json('ann', 'k', async () => 'new')).toBe('"new"');
  });

  it('recomputes an answer older than its time to live while still sending it once, and keeps no failure', async () => {
    const cache = new UserAnswerCache({ ttlMs: 20 });
    await cache.json('ann', 'k', async () => 1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    // The expired answer goes out while the recomputation runs; the next request gets the new one.
    expect(await cache.json('ann', 'k', async () => 2)).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.json('ann', 'k', async () => 3)).toBe('2');
    // A forget drops even an expired answer: nothing stale is sent after a message event.
    cache.forget(['ann']);
    expect(await cache.json('ann', 'k', async () => 4)).toBe('4');
    await expect(cache.json('ann', 'bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.json('ann', 'bad', async () => 'ok')).toBe('"ok"');
  });
});
