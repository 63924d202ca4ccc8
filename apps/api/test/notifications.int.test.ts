import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '@autoreel/core';
import { cars, notificationDigestItems, savedSearches } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/client.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { eventually, RecordingChannel } from './support/notification-channels.ts';

/** An electric SUV listed by a seller; the change log's trigger records it as 'listed'. */
async function listCar(
  server: TestServer,
  sellerId: string,
  overrides: Partial<typeof cars.$inferInsert> = {},
): Promise<string> {
  const [row] = await server.ctx.db
    .insert(cars)
    .values({
      sellerId,
      sellerType: 'dealer',
      make: 'BYD',
      model: 'Atto 3',
      year: 2024,
      mileage: 1_000,
      fuelType: 'Electric',
      transmission: 'Automatic',
      bodyType: 'SUV',
      condition: 'New',
      description: 'Quiet, quick and cheap to run.',
      price: 850_000,
      ...overrides,
    })
    .returning({ id: cars.id });
  return row!.id;
}

const electricSuv = { bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 };

async function notificationsOf(server: TestServer, user: TestUser) {
  const res = await server.call({ method: 'GET', url: '/api/notifications', user });
  expect(res.statusCode).toBe(200);
  return res.data.data as {
    notifications: Array<{
      id: string;
      kind: string;
      title: string;
      body: string;
      link: string;
      readAt: string | null;
    }>;
    total: number;
    unreadCount: number;
  };
}

describe('saved searches and their alerts', () => {
  let server: TestServer;
  let push: RecordingChannel;
  let buyer: TestUser;
  let other: TestUser;
  let dealer: TestUser;

  beforeAll(async () => {
    push = new RecordingChannel('push');
    server = await createTestServer({ channels: [push] });
    buyer = await server.createUser({ name: 'Buyer' });
    other = await server.createUser({ name: 'Other buyer' });
    dealer = await server.createUser({ role: 'dealer', name: 'Dealer' });
  });
  afterAll(() => server.close());

  it('saves, lists, renames, pauses and deletes a search, with matchCount and newSince', async () => {
    await listCar(server, dealer.id);
    const created = await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: buyer,
      payload: {
        name: 'electric SUV under 900k',
        filters: { ...electricSuv, maxPrice: '900000' },
        alert: 'instant',
      },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.data.data;
    expect(saved).toMatchObject({
      name: 'electric SUV under 900k',
      alert: 'instant',
      paused: false,
      newSince: 0,
    });
    expect(saved.filters).toMatchObject({
      bodyType: 'SUV',
      fuelType: 'Electric',
      maxPrice: 900_000,
      sort: 'newest',
    });
    expect(saved.matchCount).toBeGreaterThanOrEqual(1);

    // A car listed after the search was last opened counts in newSince; opening it resets the count.
    await server.ctx.db
      .update(savedSearches)
      .set({ lastOpenedAt: new Date(Date.now() - 60_000) })
      .where(eq(savedSearches.id, saved.id));
    await listCar(server, dealer.id);
    const listed = await server.call({ method: 'GET', url: '/api/saved-searches', user: buyer });
    expect(listed.data.data.savedSearches).toHaveLength(1);
    expect(listed.data.data.savedSearches[0].newSince).toBeGreaterThanOrEqual(1);

    const renamed = await server.call({
      method: 'PUT',
      url: `/api/saved-searches/${saved.id}`,
      user: buyer,
      payload: { name: 'EV SUVs', paused: true, opened: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.data.data).toMatchObject({ name: 'EV SUVs', paused: true, newSince: 0 });

    const empty = await server.call({
      method: 'PUT',
      url: `/api/saved-searches/${saved.id}`,
      user: buyer,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const bad = await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: buyer,
      payload: { name: ' ', filters: { minPrice: 5, maxPrice: 1 }, alert: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);

    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/saved-searches/${saved.id}`,
      user: buyer,
    });
    expect(deleted.data.data).toEqual({ deleted: true });
    const again = await server.call({
      method: 'DELETE',
      url: `/api/saved-searches/${saved.id}`,
      user: buyer,
    });
    expect(again.statusCode).toBe(404);
  });

  it(`refuses a saved search past ${MAX_SAVED_SEARCHES} per account`, async () => {
    const user = await server.createUser();
    await server.ctx.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => ({
        userId: user.id,
        name: `search ${i}`,
        filters: { make: 'Toyota' },
        alert: 'off' as const,
      })),
    );
    const refused = await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user,
      payload: { name: 'one more', filters: {}, alert: 'off' },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('keeps everyone to their own notifications and saved searches', async () => {
    const mine = await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: buyer,
      payload: { name: 'Hiluxes', filters: { make: 'Toyota', model: 'Hilux' }, alert: 'off' },
    });
    const id = mine.data.data.id as string;
    await server.ctx.notifications.notify({
      userId: buyer.id,
      kind: 'message',
      title: 'For the buyer only',
      body: 'hello',
      link: '/messages',
      dedupeKey: 'matrix',
    });
    const own = await notificationsOf(server, buyer);
    const notification = own.notifications.find((n) => n.title === 'For the buyer only')!;

    for (const [method, url, payload] of [
      ['PUT', `/api/saved-searches/${id}`, { name: 'taken' }],
      ['DELETE', `/api/saved-searches/${id}`, undefined],
      ['PUT', `/api/notifications/${notification.id}/read`, undefined],
    ] as const) {
      expect((await server.call({ method, url, user: other, payload })).statusCode).toBe(404);
      expect((await server.call({ method, url, payload })).statusCode).toBe(401);
    }
    expect(
      (await server.call({ method: 'GET', url: '/api/saved-searches', user: other })).data.data.savedSearches,
    ).toEqual([]);
    expect((await notificationsOf(server, other)).notifications.map((n) => n.title)).not.toContain(
      'For the buyer only',
    );
    // Marking all read marks only one's own.
    await server.call({ method: 'PUT', url: '/api/notifications/read-all', user: other });
    const still = await notificationsOf(server, buyer);
    expect(still.notifications.find((n) => n.id === notification.id)?.readAt).toBeNull();
    for (const url of ['/api/notifications', '/api/saved-searches']) {
      expect((await server.call({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (await server.call({ method: 'PUT', url: '/api/notifications/not-a-uuid/read', user: buyer }))
        .statusCode,
    ).toBe(404);
  });

  it('tells an instant search of a new matching listing, once, and not its own seller', async () => {
    const watcher = await server.createUser({ name: 'Watcher' });
    await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: watcher,
      payload: { name: 'electric SUV under 900k', filters: electricSuv, alert: 'instant' },
    });
    // The dealer's own search matches their own car: they are not told.
    await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: dealer,
      payload: { name: 'my stock', filters: electricSuv, alert: 'instant' },
    });
    await listCar(server, dealer.id, { price: 1_200_000 }); // over the bound: no match
    const carId = await listCar(server, dealer.id);
    const found = await eventually(async () =>
      (await notificationsOf(server, watcher)).notifications.find((n) => n.link === `/cars/${carId}`),
    );
    expect(found).toMatchObject({ kind: 'saved_search_match', readAt: null });
    expect(found.title).toBe('New match: 2024 BYD Atto 3');
    expect(found.body).toContain("for your search 'electric SUV under 900k'");
    // Read again from the start: written once.
    await server.ctx.carAlerts.catchUp();
    const page = await notificationsOf(server, watcher);
    expect(page.notifications.filter((n) => n.link === `/cars/${carId}`)).toHaveLength(1);
    expect(page.unreadCount).toBe(1);
    expect(
      (await notificationsOf(server, dealer)).notifications.some((n) => n.link === `/cars/${carId}`),
    ).toBe(false);

    // Its delivery went to the channel once.
    await server.ctx.jobs.idle();
    await eventually(async () => push.delivered.some((n) => n.id === found.id));
    expect(push.delivered.filter((n) => n.id === found.id)).toHaveLength(1);

    // Mark read, one and all.
    const read = await server.call({
      method: 'PUT',
      url: `/api/notifications/${found.id}/read`,
      user: watcher,
    });
    expect(read.data.data).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(server, watcher)).notifications[0]!.readAt).not.toBeNull();
  });

  it('tells who liked a car, and whose search matches it, of each price drop once', async () => {
    const liker = await server.createUser({ name: 'Liker' });
    const searcher = await server.createUser({ name: 'Searcher' });
    const daily = await server.createUser({ name: 'Daily' });
    const carId = await listCar(server, dealer.id, { price: 950_000 });
    expect(
      (await server.call({ method: 'POST', url: `/api/cars/${carId}/like`, user: liker })).statusCode,
    ).toBe(200);
    await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: searcher,
      payload: { name: 'EV SUV', filters: electricSuv, alert: 'instant' },
    });
    await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: daily,
      payload: { name: 'EV SUV daily', filters: electricSuv, alert: 'daily' },
    });
    await server.ctx.carAlerts.catchUp();
    // A rise tells no one; a drop tells each once.
    await server.ctx.db.update(cars).set({ price: 990_000 }).where(eq(cars.id, carId));
    await server.ctx.db.update(cars).set({ price: 880_000 }).where(eq(cars.id, carId));
    const drop = await eventually(async () =>
      (await notificationsOf(server, liker)).notifications.find((n) => n.kind === 'price_drop'),
    );
    expect(drop).toMatchObject({ title: 'Price drop: 2024 BYD Atto 3', link: `/cars/${carId}` });
    expect(drop.body).toMatch(/^Now .*880,000, was .*990,000$/);
    const searcherDrop = await eventually(async () =>
      (await notificationsOf(server, searcher)).notifications.find((n) => n.kind === 'price_drop'),
    );
    expect(searcherDrop.link).toBe(`/cars/${carId}`);
    await server.ctx.carAlerts.catchUp();
    expect(
      (await notificationsOf(server, liker)).notifications.filter((n) => n.kind === 'price_drop'),
    ).toHaveLength(1);

    // The daily searcher is told in the digest: one notification for what waited, then nothing waits.
    await eventually(
      async () =>
        (
          await server.ctx.db
            .select()
            .from(notificationDigestItems)
            .where(eq(notificationDigestItems.userId, daily.id))
        ).length > 0,
    );
    expect((await notificationsOf(server, daily)).total).toBe(0);
    expect(await server.ctx.dailyDigest.runOnce()).toBeGreaterThanOrEqual(1);
    const digest = (await notificationsOf(server, daily)).notifications;
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({ title: 'Your daily digest' });
    expect(digest[0]!.body).toMatch(/price drop/);
  });

  it("writes a message's notification in the message's own transaction, with an Idempotency-Key or without", async () => {
    const seller = await server.createUser({ name: 'Seller' });
    for (const headers of [{}, { 'idempotency-key': 'send-with-a-key' }]) {
      const sent = await server.call({
        method: 'POST',
        url: '/api/messages/send',
        user: buyer,
        headers,
        payload: { receiverId: seller.id, message: 'Still for sale?', messageType: 'text' },
      });
      expect(sent.statusCode).toBe(201);
      const id = sent.data.data.message.id as string;
      // Rows written by one transaction carry its id (xmin): a crash between the two can leave neither alone.
      const [row] = resultRows<{ message: string; notification: string }>(
        await server.ctx.db.execute(sql`
          select (select xmin::text from messages where id = ${id}) as message,
                 (select xmin::text from notifications where dedupe_key = ${`message:${id}`}) as notification`),
      );
      expect(row?.notification).toBeTruthy();
      expect(row?.notification).toBe(row?.message);
    }
  });

  it('tells a message receiver, a comment author and an applicant, with no phone number in the text', async () => {
    const seller = await server.createUser({ name: 'Seller' });
    const carId = await listCar(server, seller.id);
    const sent = await server.call({
      method: 'POST',
      url: '/api/messages/send',
      user: buyer,
      payload: {
        receiverId: seller.id,
        carId,
        message: 'Is it still there? Call me on +268 7612 3456',
        messageType: 'text',
      },
    });
    expect(sent.statusCode).toBe(201);
    const message = (await notificationsOf(server, seller)).notifications.find((n) => n.kind === 'message')!;
    expect(message.title).toBe('New message from Buyer');
    expect(message.body).toBe('Is it still there? Call me on [number hidden]');
    expect(message.link).toBe(`/messages/${buyer.id}?car=${carId}`);

    const comment = await server.call({
      method: 'POST',
      url: `/api/cars/${carId}/comments`,
      user: seller,
      payload: { comment: 'Ask me anything' },
    });
    await server.call({
      method: 'POST',
      url: `/api/cars/comments/${comment.data.data.id}/reply`,
      user: buyer,
      payload: { comment: 'Does it charge fast?' },
    });
    const reply = (await notificationsOf(server, seller)).notifications.find(
      (n) => n.kind === 'comment_reply',
    )!;
    expect(reply).toMatchObject({ title: 'Buyer replied to your comment', link: `/cars/${carId}` });

    await server.ctx.accountSuspension.suspend(seller.id);
    await server.ctx.accountSuspension.restore(seller.id);
    const moderated = (await notificationsOf(server, seller)).notifications.filter(
      (n) => n.kind === 'listing_moderated',
    );
    expect(moderated.map((n) => n.title).sort()).toEqual([
      'Your listings are shown again',
      'Your listings were hidden',
    ]);
  });
});
