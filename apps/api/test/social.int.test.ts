import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carLikes, carViews, comments, shares } from '../src/db/schema/index.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let clock = new Date('2026-03-01T10:05:00Z');
let alice: TestUser;
let bob: TestUser;
let carId: string;
let otherCarId: string;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  const dealer = await createDealer(server);
  carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
  otherCarId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId, make: 'BMW' });
  alice = await server.createUser({ name: 'Alice' });
  bob = await server.createUser({ name: 'Bob' });
});
afterAll(() => server.close());

async function newCar(): Promise<string> {
  const dealer = await createDealer(server);
  return insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
}

describe('car likes', () => {
  it('toggles one like per user and counts them across users', async () => {
    const id = await newCar();
    const like = (user: TestUser) => server.call({ method: 'POST', url: `/api/cars/${id}/like`, user });

    let res = await like(alice);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ success: true, data: { liked: true, totalLikes: 1 } });
    res = await like(bob);
    expect(res.data.data).toEqual({ liked: true, totalLikes: 2 });
    res = await like(alice);
    expect(res.data.data).toEqual({ liked: false, totalLikes: 1 });
    res = await like(alice);
    expect(res.data.data).toEqual({ liked: true, totalLikes: 2 });
    await like(alice);
    res = await like(bob);
    expect(res.data.data).toEqual({ liked: false, totalLikes: 0 });
    // A toggle at zero likes again: there is no unlike without a like, so the count cannot go below zero.
    res = await like(bob);
    expect(res.data.data).toEqual({ liked: true, totalLikes: 1 });

    const rows = await server.ctx.db.select().from(carLikes).where(eq(carLikes.carId, id));
    expect(rows.map((r) => r.userId)).toEqual([bob.id]);
  });

  it('keeps one like when the same user toggles concurrently', async () => {
    const id = await newCar();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call({ method: 'POST', url: `/api/cars/${id}/like`, user: alice }),
      ),
    );
    const rows = await server.ctx.db.select().from(carLikes).where(eq(carLikes.carId, id));
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('lists likers newest first, paged', async () => {
    const id = await newCar();
    await server.call({ method: 'POST', url: `/api/cars/${id}/like`, user: alice });
    await server.call({ method: 'POST', url: `/api/cars/${id}/like`, user: bob });
    const res = await server.call({ method: 'GET', url: `/api/cars/${id}/likes?page=1&limit=1` });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ totalLikes: 2, total: 2, page: 1, limit: 1 });
    expect(res.data.data.likers).toHaveLength(1);
    expect(res.data.data.likers[0]).toMatchObject({ id: bob.id, _id: bob.id, name: 'Bob' });
    expect(res.data.data.likers[0].phone).toBeUndefined();
    const page2 = await server.call({ method: 'GET', url: `/api/cars/${id}/likes?page=2&limit=1` });
    expect(page2.data.data.likers[0]).toMatchObject({ id: alice.id, name: 'Alice' });
  });

  it('needs a signed-in user and an existing car', async () => {
    const anon = await server.call({ method: 'POST', url: `/api/cars/${carId}/like` });
    expect(anon.statusCode).toBe(401);
    const badToken = await server.call({
      method: 'POST',
      url: `/api/cars/${carId}/like`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.data.error).toBe('Invalid or expired token');
    const unknown = await server.call({ method: 'POST', url: `/api/cars/${randomUUID()}/like`, user: alice });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await server.call({ method: 'POST', url: '/api/cars/not-a-uuid/like', user: alice });
    expect(notUuid.statusCode).toBe(404);
    const rows = await server.ctx.db.select().from(carLikes).where(eq(carLikes.carId, carId));
    expect(rows).toHaveLength(0);
  });

  it('answers like status for a batch of cars, leaving out unknown ids', async () => {
    const a = await newCar();
    const b = await newCar();
    await server.call({ method: 'POST', url: `/api/cars/${a}/like`, user: alice });
    await server.call({ method: 'POST', url: `/api/cars/${a}/like`, user: bob });
    await server.call({ method: 'POST', url: `/api/cars/${b}/like`, user: bob });
    const missing = randomUUID();
    const res = await server.call({
      method: 'POST',
      url: '/api/cars/likes/batch-status',
      user: alice,
      payload: { carIds: [a, b, missing, a] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toEqual({
      [a]: { isLiked: true, totalLikes: 2 },
      [b]: { isLiked: false, totalLikes: 1 },
    });
    const anon = await server.call({
      method: 'POST',
      url: '/api/cars/likes/batch-status',
      payload: { carIds: [a] },
    });
    expect(anon.data.data).toEqual({ [a]: { isLiked: false, totalLikes: 2 } });
    const empty = await server.call({
      method: 'POST',
      url: '/api/cars/likes/batch-status',
      payload: { carIds: [] },
    });
    expect(empty.data.data).toEqual({});
  });

  it('rejects malformed batch bodies with 400', async () => {
    for (const payload of [
      {},
      { carIds: 'x' },
      { carIds: Array.from({ length: 201 }, () => randomUUID()) },
    ]) {
      const res = await server.call({ method: 'POST', url: '/api/cars/stats/batch', payload });
      expect(res.statusCode).toBe(400);
      expect(res.data.success).toBe(false);
    }
  });
});

describe('views', () => {
  it('counts a viewer once per car per hour, users and anonymous client ids apart', async () => {
    const id = await newCar();
    const view = (options: { user?: TestUser; payload?: object; headers?: Record<string, string> }) =>
      server.call({ method: 'POST', url: `/api/cars/${id}/views`, ...options });

    clock = new Date('2026-03-01T10:05:00Z');
    expect((await view({ user: alice })).data).toEqual({ success: true, data: { views: 1 } });
    expect((await view({ user: alice })).data.data.views).toBe(1);
    clock = new Date('2026-03-01T10:59:59Z');
    expect((await view({ user: alice })).data.data.views).toBe(1);
    expect((await view({ payload: { clientId: 'device-abc-123' } })).data.data.views).toBe(2);
    expect((await view({ headers: { 'x-client-id': 'device-abc-123' } })).data.data.views).toBe(2);
    // Another device counts when it is somewhere else: one address counts once an hour (the next test).
    const elsewhere = { 'x-client-id': 'another_device_1', 'x-forwarded-for': '198.51.100.7' };
    expect((await view({ headers: elsewhere })).data.data.views).toBe(3);
    clock = new Date('2026-03-01T11:00:00Z');
    expect((await view({ user: alice })).data.data.views).toBe(4);
    expect((await view({ payload: { clientId: 'device-abc-123' } })).data.data.views).toBe(5);

    const res = await server.call({ method: 'GET', url: `/api/cars/${id}/views` });
    expect(res.data.data).toEqual({ views: 5 });
    const rows = await server.ctx.db.select().from(carViews).where(eq(carViews.carId, id));
    expect(rows).toHaveLength(5);
  });

  it('counts fresh client ids from one address once an hour, and two addresses twice', async () => {
    const id = await newCar();
    clock = new Date('2026-03-02T09:10:00Z');
    const fromAddress = (address: string, clientId: string) =>
      server.call({
        method: 'POST',
        url: `/api/cars/${id}/views`,
        headers: { 'x-forwarded-for': address },
        payload: { clientId },
      });
    for (let i = 0; i < 30; i += 1) {
      const res = await fromAddress('203.0.113.50', `pumped-client-${i}-${randomUUID()}`);
      expect(res.statusCode).toBe(200);
    }
    expect((await fromAddress('203.0.113.50', 'one-more-fresh-client')).data.data.views).toBe(1);
    expect((await fromAddress('203.0.113.51', 'a-second-address-client')).data.data.views).toBe(2);
    // A signed-in viewer from the pumped address still counts: accounts are not free to make.
    const signedIn = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/views`,
      headers: { 'x-forwarded-for': '203.0.113.50' },
      user: alice,
    });
    expect(signedIn.data.data.views).toBe(3);
    // Next hour the address counts again.
    clock = new Date('2026-03-02T10:00:00Z');
    expect((await fromAddress('203.0.113.50', 'next-hour-client')).data.data.views).toBe(4);
    const rows = await server.ctx.db.select().from(carViews).where(eq(carViews.carId, id));
    expect(rows).toHaveLength(4);
  });

  it('counts an anonymous viewer without a client id by network address', async () => {
    const id = await newCar();
    await server.call({ method: 'POST', url: `/api/cars/${id}/views` });
    const res = await server.call({ method: 'POST', url: `/api/cars/${id}/views` });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.views).toBe(1);
  });

  it('rejects bad client ids and unknown cars', async () => {
    const id = await newCar();
    for (const clientId of ['short', 'x'.repeat(65), 'has space in it', '<script>1</script>']) {
      const body = await server.call({ method: 'POST', url: `/api/cars/${id}/views`, payload: { clientId } });
      expect(body.statusCode).toBe(400);
      const header = await server.call({
        method: 'POST',
        url: `/api/cars/${id}/views`,
        headers: { 'x-client-id': clientId },
      });
      expect(header.statusCode).toBe(400);
    }
    const rows = await server.ctx.db.select().from(carViews).where(eq(carViews.carId, id));
    expect(rows).toHaveLength(0);
    const unknown = await server.call({ method: 'POST', url: `/api/cars/${randomUUID()}/views` });
    expect(unknown.statusCode).toBe(404);
    const unknownGet = await server.call({ method: 'GET', url: `/api/cars/123/views` });
    expect(unknownGet.statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('pages top-level comments newest first, each with its replies oldest first', async () => {
    const id = await newCar();
    const ids: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const res = await server.call({
        method: 'POST',
        url: `/api/cars/${id}/comments`,
        user: i % 2 ? alice : bob,
        payload: { comment: `comment ${i}` },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.data.data.id);
    }
    const newest = ids[11]!;
    const r1 = await server.call({
      method: 'POST',
      url: `/api/cars/comments/${newest}/reply`,
      user: alice,
      payload: { comment: 'first reply' },
    });
    expect(r1.statusCode).toBe(201);
    expect(r1.data.data).toMatchObject({ parentId: newest, comment: 'first reply', userName: 'Alice' });
    // A reply to a reply joins the top-level thread.
    const r2 = await server.call({
      method: 'POST',
      url: `/api/cars/comments/${r1.data.data.id}/reply`,
      user: bob,
      payload: { comment: '  second reply  ' },
    });
    expect(r2.statusCode).toBe(201);
    expect(r2.data.data).toMatchObject({ parentId: newest, comment: 'second reply' });

    const page1 = await server.call({ method: 'GET', url: `/api/cars/${id}/comments` });
    expect(page1.statusCode).toBe(200);
    const data = page1.data.data;
    expect(data).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(data.comments.map((c: any) => c.comment)).toEqual(
      Array.from({ length: 10 }, (_, i) => `comment ${12 - i}`),
    );
    const top = data.comments[0];
    expect(top).toMatchObject({
      id: newest,
      _id: newest,
      userName: 'Bob',
      userAvatar: null,
      likes: 0,
      isLiked: false,
    });
    expect(top.replies.map((r: any) => [r.comment, r.userName])).toEqual([
      ['first reply', 'Alice'],
      ['second reply', 'Bob'],
    ]);
    expect(data.comments[1].replies).toEqual([]);

    const page2 = await server.call({ method: 'GET', url: `/api/cars/${id}/comments?page=2&limit=10` });
    expect(page2.data.data.comments.map((c: any) => c.comment)).toEqual(['comment 2', 'comment 1']);
  });

  it('stores trimmed plain text and returns the new comment', async () => {
    const id = await newCar();
    const res = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: alice,
      payload: { comment: '   <b>Nice</b> car!  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.data).toMatchObject({
      carId: id,
      userId: alice.id,
      userName: 'Alice',
      comment: '<b>Nice</b> car!',
      likes: 0,
      isLiked: false,
      replies: [],
    });
    expect(res.data.data.id).toBe(res.data.data._id);
    expect(Date.parse(res.data.data.createdAt)).not.toBeNaN();
  });

  it('rejects empty, blank, missing and over-long comments and stores nothing', async () => {
    const id = await newCar();
    const parent = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: alice,
      payload: { comment: 'parent' },
    });
    for (const payload of [
      { comment: '' },
      { comment: '   \n ' },
      {},
      { comment: 'x'.repeat(1001) },
      { comment: 5 },
      // NUL cannot be stored in Postgres text: a 400, not a database failure.
      { comment: 'a\u0000b' },
    ]) {
      const res = await server.call({
        method: 'POST',
        url: `/api/cars/${id}/comments`,
        user: alice,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.data.errors[0].field).toBe('comment');
      const reply = await server.call({
        method: 'POST',
        url: `/api/cars/comments/${parent.data.data.id}/reply`,
        user: alice,
        payload,
      });
      expect(reply.statusCode).toBe(400);
    }
    const ok = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: alice,
      payload: { comment: 'x'.repeat(1000) },
    });
    expect(ok.statusCode).toBe(201);
    const rows = await server.ctx.db.select().from(comments).where(eq(comments.carId, id));
    expect(rows).toHaveLength(2);
  });

  it('needs a signed-in user to comment, reply or like, and existing targets', async () => {
    const id = await newCar();
    const c = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: alice,
      payload: { comment: 'hello' },
    });
    const commentId = c.data.data.id;
    const writes = [
      { url: `/api/cars/${id}/comments`, payload: { comment: 'x' } },
      { url: `/api/cars/comments/${commentId}/reply`, payload: { comment: 'x' } },
      { url: `/api/cars/comments/${commentId}/like` },
    ];
    for (const w of writes) {
      const res = await server.call({ method: 'POST', ...w });
      expect(res.statusCode).toBe(401);
    }
    const unknownCar = await server.call({
      method: 'POST',
      url: `/api/cars/${randomUUID()}/comments`,
      user: alice,
      payload: { comment: 'x' },
    });
    expect(unknownCar.statusCode).toBe(404);
    const unknownComment = await server.call({
      method: 'POST',
      url: `/api/cars/comments/${randomUUID()}/reply`,
      user: alice,
      payload: { comment: 'x' },
    });
    expect(unknownComment.statusCode).toBe(404);
    const badComment = await server.call({ method: 'POST', url: '/api/cars/comments/zzz/like', user: alice });
    expect(badComment.statusCode).toBe(404);
    const unknownList = await server.call({ method: 'GET', url: `/api/cars/${randomUUID()}/comments` });
    expect(unknownList.statusCode).toBe(404);
    const badPage = await server.call({ method: 'GET', url: `/api/cars/${id}/comments?page=0` });
    expect(badPage.statusCode).toBe(400);
    const rows = await server.ctx.db.select().from(comments).where(eq(comments.carId, id));
    expect(rows).toHaveLength(1);
  });

  it('toggles comment likes per user and shows isLiked to the caller only', async () => {
    const id = await newCar();
    const c = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: alice,
      payload: { comment: 'like me' },
    });
    const commentId = c.data.data.id;
    const like = (user: TestUser) =>
      server.call({ method: 'POST', url: `/api/cars/comments/${commentId}/like`, user });
    expect((await like(alice)).data.data).toEqual({ liked: true, totalLikes: 1 });
    expect((await like(bob)).data.data).toEqual({ liked: true, totalLikes: 2 });
    expect((await like(bob)).data.data).toEqual({ liked: false, totalLikes: 1 });

    const asAlice = await server.call({ method: 'GET', url: `/api/cars/${id}/comments`, user: alice });
    expect(asAlice.data.data.comments[0]).toMatchObject({ likes: 1, isLiked: true });
    const asBob = await server.call({ method: 'GET', url: `/api/cars/${id}/comments`, user: bob });
    expect(asBob.data.data.comments[0]).toMatchObject({ likes: 1, isLiked: false });
    const anon = await server.call({ method: 'GET', url: `/api/cars/${id}/comments` });
    expect(anon.data.data.comments[0]).toMatchObject({ likes: 1, isLiked: false });
  });
});

describe('shares and stats', () => {
  it('counts shares anonymously and with a platform, recording only the signed-in user', async () => {
    const id = await newCar();
    const anon = await server.call({ method: 'POST', url: `/api/cars/${id}/share` });
    expect(anon.statusCode).toBe(200);
    expect(anon.data.data).toEqual({ shares: 1 });
    const tracked = await server.call({
      method: 'POST',
      url: `/api/shares/${id}/track`,
      user: alice,
      payload: { platform: 'WhatsApp', userId: bob.id },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.data.data).toEqual({ shares: 2 });
    const anonTracked = await server.call({
      method: 'POST',
      url: `/api/shares/${id}/track`,
      payload: { platform: 'x', userId: bob.id },
    });
    expect(anonTracked.data.data).toEqual({ shares: 3 });

    const rows = await server.ctx.db.select().from(shares).where(eq(shares.carId, id));
    const byPlatform = Object.fromEntries(rows.map((r) => [r.platform ?? 'none', r.userId]));
    expect(byPlatform).toEqual({ none: null, whatsapp: alice.id, x: null });
  });

  it('rejects unknown platforms and unknown cars', async () => {
    const id = await newCar();
    for (const payload of [{}, { platform: 'myspace' }, { platform: '' }]) {
      const res = await server.call({ method: 'POST', url: `/api/shares/${id}/track`, payload });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await server.call({
      method: 'POST',
      url: `/api/shares/${randomUUID()}/track`,
      payload: { platform: 'copy' },
    });
    expect(unknown.statusCode).toBe(404);
    const unknownShare = await server.call({ method: 'POST', url: `/api/cars/${randomUUID()}/share` });
    expect(unknownShare.statusCode).toBe(404);
    const rows = await server.ctx.db.select().from(shares).where(eq(shares.carId, id));
    expect(rows).toHaveLength(0);
  });

  it('answers stats of one car and a batch map by id', async () => {
    const id = await newCar();
    await server.call({ method: 'POST', url: `/api/cars/${id}/like`, user: alice });
    await server.call({ method: 'POST', url: `/api/cars/${id}/like`, user: bob });
    const c = await server.call({
      method: 'POST',
      url: `/api/cars/${id}/comments`,
      user: bob,
      payload: { comment: 'hi' },
    });
    await server.call({
      method: 'POST',
      url: `/api/cars/comments/${c.data.data.id}/reply`,
      user: alice,
      payload: { comment: 'hello' },
    });
    await server.call({ method: 'POST', url: `/api/cars/${id}/views`, user: alice });
    await server.call({ method: 'POST', url: `/api/cars/${id}/share` });

    const res = await server.call({ method: 'GET', url: `/api/cars/${id}/stats`, user: alice });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toEqual({
      likes: 2,
      totalLikes: 2,
      comments: 2,
      views: 1,
      shares: 1,
      isLiked: true,
    });
    const anon = await server.call({ method: 'GET', url: `/api/cars/${id}/stats` });
    expect(anon.data.data.isLiked).toBe(false);

    const batch = await server.call({
      method: 'POST',
      url: '/api/cars/stats/batch',
      user: bob,
      payload: { carIds: [id, otherCarId, randomUUID(), 'not-a-uuid'] },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.data.data).toEqual({
      [id]: { likes: 2, totalLikes: 2, comments: 2, views: 1, shares: 1, isLiked: true },
      [otherCarId]: { likes: 0, totalLikes: 0, comments: 0, views: 0, shares: 0, isLiked: false },
    });
    const unknown = await server.call({ method: 'GET', url: `/api/cars/${randomUUID()}/stats` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('routing', () => {
  it('never reads /cars/comments, /cars/stats or /cars/likes as a car id', async () => {
    // Static segments win over /cars/:id, so these reach their own handlers (a 404 names the comment, not a car).
    const commentLike = await server.call({
      method: 'POST',
      url: `/api/cars/comments/${randomUUID()}/like`,
      user: alice,
    });
    expect(commentLike.statusCode).toBe(404);
    expect(commentLike.data.error).toBe('Comment not found');
    const stats = await server.call({
      method: 'POST',
      url: '/api/cars/stats/batch',
      payload: { carIds: [carId] },
    });
    expect(stats.statusCode).toBe(200);
    expect(Object.keys(stats.data.data)).toEqual([carId]);
    const likes = await server.call({
      method: 'POST',
      url: '/api/cars/likes/batch-status',
      payload: { carIds: [carId] },
    });
    expect(likes.statusCode).toBe(200);
    expect(likes.data.data[carId]).toEqual({ isLiked: false, totalLikes: 0 });
  });
});
