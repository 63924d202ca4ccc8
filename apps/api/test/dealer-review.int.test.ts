import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerReviews, dealers } from '../src/db/schema/index.ts';
import { createDealer, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.createUser({ name: 'Alice' });
  bob = await server.createUser({ name: 'Bob' });
});
afterAll(() => server.close());

const review = (dealer: TestDealer | string, user: TestUser | undefined, payload: object) =>
  server.call({
    method: 'POST',
    url: `/api/dealers/${typeof dealer === 'string' ? dealer : dealer.dealerId}/reviews`,
    ...(user ? { user } : {}),
    payload,
  });

async function dealerRow(dealerId: string) {
  const [row] = await server.ctx.db.select().from(dealers).where(eq(dealers.id, dealerId));
  return row!;
}

describe('dealer reviews', () => {
  it('creates one review per user, updates it on a second post and keeps the average current', async () => {
    const dealer = await createDealer(server);
    const first = await review(dealer, alice, { rating: 4, comment: '  Great service  ' });
    expect(first.statusCode).toBe(201);
    expect(first.data.data).toMatchObject({
      review: { userName: 'Alice', rating: 4, comment: 'Great service', dealerId: dealer.dealerId },
      averageRating: 4,
      reviewCount: 1,
    });
    expect(first.data.data.review.id).toBe(first.data.data.review._id);

    const second = await review(dealer, bob, { rating: 1, comment: 'Slow' });
    expect(second.statusCode).toBe(201);
    expect(second.data.data).toMatchObject({ averageRating: 2.5, reviewCount: 2 });

    const update = await review(dealer, alice, { rating: 5, comment: 'Even better on a second visit' });
    expect(update.statusCode).toBe(200);
    expect(update.data.data.review.id).toBe(first.data.data.review.id);
    expect(update.data.data).toMatchObject({ averageRating: 3, reviewCount: 2 });

    const row = await dealerRow(dealer.dealerId);
    expect(row.rating).toBe(3);
    expect(row.reviewCount).toBe(2);
    const rows = await server.ctx.db
      .select()
      .from(dealerReviews)
      .where(eq(dealerReviews.dealerId, dealer.dealerId));
    expect(rows).toHaveLength(2);

    const list = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}/reviews` });
    expect(list.statusCode).toBe(200);
    expect(list.data.data).toMatchObject({ page: 1, limit: 10, total: 2, averageRating: 3 });
    // Newest first by creation: Bob reviewed after Alice, and Alice's update keeps her place.
    expect(list.data.data.reviews.map((r: any) => [r.userName, r.rating, r.comment])).toEqual([
      ['Bob', 1, 'Slow'],
      ['Alice', 5, 'Even better on a second visit'],
    ]);
    expect(Object.keys(list.data.data.reviews[0])).toEqual(
      expect.arrayContaining(['id', '_id', 'userName', 'rating', 'comment', 'createdAt']),
    );
  });

  it('rounds the average to two decimals', async () => {
    const dealer = await createDealer(server);
    const carol = await server.createUser({ name: 'Carol' });
    await review(dealer, alice, { rating: 5, comment: 'a' });
    await review(dealer, bob, { rating: 4, comment: 'b' });
    const res = await review(dealer, carol, { rating: 4, comment: 'c' });
    expect(res.data.data).toMatchObject({ averageRating: 4.33, reviewCount: 3 });
  });

  it('pages reviews by 10 by default', async () => {
    const dealer = await createDealer(server);
    for (let i = 0; i < 11; i += 1) {
      const user = await server.createUser({ name: `Reviewer ${i}` });
      await review(dealer, user, { rating: 3, comment: `review ${i}` });
    }
    const page1 = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}/reviews` });
    expect(page1.data.data.reviews).toHaveLength(10);
    expect(page1.data.data.total).toBe(11);
    expect(page1.data.data.reviews[0].comment).toBe('review 10');
    const page2 = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}/reviews?page=2` });
    expect(page2.data.data.reviews.map((r: any) => r.comment)).toEqual(['review 0']);
  });

  it('answers an empty page for a dealer without reviews', async () => {
    const dealer = await createDealer(server);
    const res = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}/reviews` });
    expect(res.data.data).toEqual({
      reviews: [],
      page: 1,
      limit: 10,
      total: 0,
      averageRating: 0,
      reviewCount: 0,
    });
  });

  it('forbids a dealer to review their own dealership but not another one', async () => {
    const own = await createDealer(server);
    const other = await createDealer(server);
    const self = await review(own, own.user, { rating: 5, comment: 'We are the best' });
    expect(self.statusCode).toBe(403);
    expect((await dealerRow(own.dealerId)).reviewCount).toBe(0);
    const cross = await review(other, own.user, { rating: 4, comment: 'Decent competitor' });
    expect(cross.statusCode).toBe(201);
  });

  it('rejects bad ratings and comments, unauthenticated posts and unknown dealers, changing nothing', async () => {
    const dealer = await createDealer(server);
    const bad = [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 3.5, comment: 'x' },
      { rating: '5', comment: 'x' },
      { comment: 'x' },
      { rating: 4, comment: '   ' },
      { rating: 4, comment: 'x'.repeat(1001) },
      { rating: 4, comment: 'a\u0000b' },
    ];
    for (const payload of bad) {
      const res = await review(dealer, alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.data.errors.length).toBeGreaterThan(0);
    }
    const anon = await review(dealer, undefined, { rating: 5, comment: 'x' });
    expect(anon.statusCode).toBe(401);
    const unknown = await review(randomUUID(), alice, { rating: 5, comment: 'x' });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await review('dealer1', alice, { rating: 5, comment: 'x' });
    expect(notUuid.statusCode).toBe(404);
    const unknownList = await server.call({ method: 'GET', url: `/api/dealers/${randomUUID()}/reviews` });
    expect(unknownList.statusCode).toBe(404);

    const row = await dealerRow(dealer.dealerId);
    expect(row.reviewCount).toBe(0);
    expect(row.rating).toBe(0);
  });

  it('counts every review when several are saved at once', async () => {
    const dealer = await createDealer(server);
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) => server.createUser({ name: `Parallel ${i}` })),
    );
    const answers = await Promise.all(
      users.map((u, i) => review(dealer, u, { rating: (i % 5) + 1, comment: 'parallel' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const row = await dealerRow(dealer.dealerId);
    expect(row.reviewCount).toBe(5);
    expect(row.rating).toBe(3);
  });
});
