import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyBoostHours, replyTimeOf } from '@autoreel/core';
import { carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import { resultRows } from '../src/db/client.ts';
import { conversations, messages, users } from '../src/db/schema/index.ts';
import { DealerRepository } from '../src/dealers/dealer.repository.ts';
import { createDealer, createPrivateSeller, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

/*
 * Issue 28, 'Verified means something' and 'Reply time': the seller's badge on every car answer, and the median
 * first reply over the last 90 days on the car detail and the dealer answers, from a made-up history of messages.
 */

let server: TestServer;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * One conversation a buyer opened `openedAgo` ms before `now`, answered by the seller `replyAfter` ms later (null:
 * never). The messages are written straight to the table, so the trigger that keeps first replies reads them.
 */
async function conversation(
  seller: TestUser,
  now: Date,
  openedAgo: number,
  replyAfter: number | null,
  options: { sellerOpens?: boolean } = {},
) {
  const buyer = await server.createUser({ name: 'Buyer' });
  const [low, high] = buyer.id < seller.id ? [buyer.id, seller.id] : [seller.id, buyer.id];
  const [row] = await server.ctx.db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high })
    .returning();
  const opened = new Date(now.getTime() - openedAgo);
  const [first, second] = options.sellerOpens ? [seller, buyer] : [buyer, seller];
  const write = (from: TestUser, to: TestUser, at: Date, text: string) =>
    server.ctx.db.insert(messages).values({
      conversationId: row!.id,
      senderId: from.id,
      receiverId: to.id,
      message: text,
      messageType: 'text',
      createdAt: at,
      updatedAt: at,
    });
  await write(first, second, opened, 'Is it still available?');
  // The opener writing again before any answer changes nothing.
  await write(first, second, new Date(opened.getTime() + MINUTE / 2), 'Hello?');
  if (replyAfter !== null) {
    await write(second, first, new Date(opened.getTime() + replyAfter), 'Yes, it is');
    await write(second, first, new Date(opened.getTime() + replyAfter + 10 * MINUTE), 'Come and see it');
  }
}

async function dealerAnswer(dealerId: string) {
  const res = await server.call({ method: 'GET', url: `/api/dealers/${dealerId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data;
}

async function carAnswer(carId: string) {
  const res = await server.call({ method: 'GET', url: `/api/cars/${carId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data;
}

describe('reply time', () => {
  it('is null under 3 conversations, on the car detail and the dealer answers', async () => {
    const now = new Date();
    const dealer = await createDealer(server, { name: 'Quiet Motors' });
    const carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    await conversation(dealer.user, now, 2 * DAY, 20 * MINUTE);
    await conversation(dealer.user, now, 3 * DAY, 40 * MINUTE);
    await server.ctx.replyTimes.runOnce(now);
    expect((await carAnswer(carId)).replyTime).toBeNull();
    expect((await dealerAnswer(dealer.dealerId)).replyTime).toBeNull();
    const list = await server.call({ method: 'GET', url: '/api/dealers?limit=50' });
    const listed = list.data.data.dealers.find((d: { id: string }) => d.id === dealer.dealerId);
    expect(listed.replyTime).toBeNull();
  });

  it('is the median first reply of a made-up history, an unanswered week counting as 7 days', async () => {
    const now = new Date();
    const dealer = await createDealer(server, { name: 'Median Motors' });
    const carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
    await conversation(dealer.user, now, 5 * DAY, 10 * MINUTE);
    await conversation(dealer.user, now, 6 * DAY, 30 * MINUTE);
    await conversation(dealer.user, now, 7 * DAY, 50 * MINUTE);
    await conversation(dealer.user, now, 8 * DAY, 240 * MINUTE);
    // Unanswered for 10 days: counts as 10,080 minutes.
    await conversation(dealer.user, now, 10 * DAY, null);
    // Unanswered for a day: not counted yet.
    await conversation(dealer.user, now, DAY, null);
    // Opened by the seller: not a buyer waiting for an answer.
    await conversation(dealer.user, now, 4 * DAY, 5 * DAY - MINUTE, { sellerOpens: true });
    await server.ctx.replyTimes.runOnce(now);

    const expected = { medianMinutes: 50, sample: 5 };
    expect((await carAnswer(carId)).replyTime).toEqual(expected);
    expect((await dealerAnswer(dealer.dealerId)).replyTime).toEqual(expected);
  });

  it('counts only conversations opened in the last 90 days, as the window slides', async () => {
    const now = new Date();
    const dealer = await createDealer(server, { name: 'Window Motors' });
    for (const ago of [80, 84, 88]) await conversation(dealer.user, now, ago * DAY, 5 * MINUTE);
    // Opened 95 days ago: outside the window whatever its answer.
    for (const ago of [95, 120]) await conversation(dealer.user, now, ago * DAY, 2 * 24 * 60 * MINUTE);
    await server.ctx.replyTimes.runOnce(now);
    expect((await dealerAnswer(dealer.dealerId)).replyTime).toEqual({ medianMinutes: 5, sample: 3 });

    // Five days on, the conversation opened 88 days ago has left the window: under 3, so null.
    await server.ctx.replyTimes.runOnce(new Date(now.getTime() + 5 * DAY));
    expect((await dealerAnswer(dealer.dealerId)).replyTime).toBeNull();
  });

  it('is refreshed as soon as a first reply is sent, without waiting for the hourly job', async () => {
    const dealer = await createDealer(server, { name: 'Quick Motors' });
    for (let n = 0; n < 3; n += 1) {
      const buyer = await server.createUser({ name: `Asker ${n}` });
      const asked = await server.call({
        method: 'POST',
        url: '/api/messages/send',
        user: buyer,
        payload: { receiverId: dealer.user.id, message: 'Is it available?', messageType: 'text' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const answered = await server.call({
        method: 'POST',
        url: '/api/messages/send',
        user: dealer.user,
        payload: { receiverId: buyer.id, message: 'Yes', messageType: 'text' },
      });
      expect(answered.statusCode, answered.body).toBe(201);
    }
    expect((await dealerAnswer(dealer.dealerId)).replyTime).toEqual({ medianMinutes: 0, sample: 3 });
  });
});

describe('seller badges', () => {
  it("says 'verified-dealer' only for a dealership an admin approved, 'phone-verified' for a private seller", async () => {
    const verified = await createDealer(server, { name: 'Approved Motors' });
    const unverifiedUser = await server.createUser({ role: 'dealer', name: 'Unchecked owner' });
    const unverified = await new DealerRepository(server.ctx.db).insertDealer({
      userId: unverifiedUser.id,
      name: 'Unchecked Motors',
      location: 'Manzini',
      isVerified: false,
    });
    const phoneChecked = await createPrivateSeller(server, 'Checked Person');
    const phoneUnchecked = await createPrivateSeller(server, 'Unchecked Person');
    await server.ctx.db.update(users).set({ isPhoneVerified: false }).where(eq(users.id, phoneUnchecked.id));

    const cars = {
      verified: await insertCar(server, { sellerId: verified.user.id, dealerId: verified.dealerId }),
      unverified: await insertCar(server, { sellerId: unverifiedUser.id, dealerId: unverified.id }),
      phoneChecked: await insertCar(server, { sellerId: phoneChecked.id }),
      phoneUnchecked: await insertCar(server, { sellerId: phoneUnchecked.id }),
    };
    expect(await carAnswer(cars.verified)).toMatchObject({
      sellerBadge: 'verified-dealer',
      dealerVerified: true,
    });
    expect(await carAnswer(cars.unverified)).toMatchObject({ sellerBadge: null, dealerVerified: false });
    expect(await carAnswer(cars.phoneChecked)).toMatchObject({ sellerBadge: 'phone-verified' });
    expect(await carAnswer(cars.phoneUnchecked)).toMatchObject({ sellerBadge: null });

    // Lists carry the badge too.
    const list = await server.call({ method: 'GET', url: '/api/cars?limit=50' });
    const badges = new Map(
      list.data.data.cars.map((c: { id: string; sellerBadge: string | null }) => [c.id, c.sellerBadge]),
    );
    expect(badges.get(cars.verified)).toBe('verified-dealer');
    expect(badges.get(cars.phoneChecked)).toBe('phone-verified');
    expect(badges.get(cars.unverified)).toBeNull();
  });

  it("an admin's approval makes the dealership verified", async () => {
    const admin = await server.createUser({ role: 'admin' });
    const applicant = await server.createUser({ name: 'Applicant' });
    const applied = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user: applicant,
      payload: { businessType: 'dealer', businessName: 'Newly Approved Autos', location: 'Piggs Peak' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const approved = await server.call({
      method: 'PUT',
      url: `/api/dealers/${applied.data.data.id}/approve`,
      user: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.data.data.dealer).toMatchObject({ isVerified: true, verified: true, replyTime: null });
  });
});

describe("the default order's boost for sellers who reply", () => {
  const LEXUS = { make: 'Lexus', model: 'RX', bodyType: 'SUV' };

  it("works out the boost's hours in SQL exactly as core's bands do", async () => {
    const figures: [number | null, number][] = [
      [null, 0],
      [20, 2],
      [0, 3],
      [60, 3],
      [61, 3],
      [360, 8],
      [361, 8],
      [1_440, 3],
      [1_441, 3],
      [10_080, 40],
    ];
    for (const [median, sample] of figures) {
      const [row] = resultRows<{ hours: number }>(
        await server.ctx.db.execute(
          sql`select autoreel_reply_boost_hours(${median}::int, ${sample}::int) as hours`,
        ),
      );
      expect(row?.hours, `${median} minutes over ${sample}`).toBe(
        replyBoostHours(replyTimeOf(median, sample)),
      );
    }
  });

  it("lists a fast replier's car as if listed 12 hours later, and moves their cars when their reply time moves", async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const quick = await createDealer(server, { name: 'Quick Motors' });
    const seller = await createPrivateSeller(server, 'Silent Seller');
    const quickCar = await insertCar(server, {
      ...LEXUS,
      sellerId: quick.user.id,
      dealerId: quick.dealerId,
      createdAt: hoursAgo(6),
    });
    const newerCar = await insertCar(server, { ...LEXUS, sellerId: seller.id, createdAt: hoursAgo(1) });
    const index = carCatalogueIndexOf(server.ctx.db);
    const newest = async (query = '') => {
      await index.caughtUp();
      const res = await server.call({ method: 'GET', url: `/api/cars?make=Lexus${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.data.data;
    };
    expect((await newest()).cars.map((car: { id: string }) => car.id)).toEqual([newerCar, quickCar]);

    // Three buyers answered within 20 minutes: 'within an hour', 12 hours ahead; the first reply moves the car at once.
    for (const days of [2, 3, 4]) await conversation(quick.user, now, days * DAY, 20 * MINUTE);
    expect((await newest()).cars.map((car: { id: string }) => car.id)).toEqual([quickCar, newerCar]);
    const logged = resultRows<{ kind: string }>(
      await server.ctx.db.execute(sql`select kind from car_changes where car_id = ${quickCar} order by seq`),
    );
    expect(logged.map((entry) => entry.kind)).toEqual(['listed', 'reordered']);
    // Newest First names the same order on the page after a cursor.
    const first = await newest('&limit=1');
    expect(first.cars.map((car: { id: string }) => car.id)).toEqual([quickCar]);
    const next = await newest(`&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(next.cars.map((car: { id: string }) => car.id)).toEqual([newerCar]);
    // The boost is the order's only: the car still says when it was listed.
    const detail = await server.call({ method: 'GET', url: `/api/cars/${quickCar}` });
    expect(new Date(detail.data.data.createdAt).getTime()).toBe(hoursAgo(6).getTime());

    // Slower answers later (three buyers waited two days each) take the boost away again.
    for (const days of [5, 6, 7, 8]) await conversation(quick.user, now, days * DAY, 2 * DAY);
    await server.ctx.replyTimes.runOnce(new Date());
    expect((await newest()).cars.map((car: { id: string }) => car.id)).toEqual([newerCar, quickCar]);
  });
});
