import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cars,
  feedback,
  notificationSettings,
  pushSubscriptions,
  refreshTokens,
  savedSearches,
  users,
} from '../src/db/schema/index.ts';
import { AccountDeletionRepository, ERASED_NAME } from '../src/accounts/account-deletion.repository.ts';
import { ACCOUNT_DELETION_ERRORS, ERASE_AFTER_MS } from '../src/accounts/account-deletion.service.ts';
import { AccountErasureJob } from '../src/accounts/account-erasure.job.ts';
import { nextIp, post, signUpVerified, testClock } from './auth-helpers.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, PDF } from './support/fixtures.ts';
import { multipart } from './support/multipart.ts';

/** Issue 14 finding 11: DELETE /api/account, and the job that erases what is left within 30 days. */
const clock = testClock();
let server: TestServer;
let buyer: TestUser;

beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
  buyer = await server.createUser({ name: 'Buyer Person' });
});
afterAll(() => server.close());

/** A signed-up private seller (real password, real session) with a listed car and a conversation with the buyer. */
async function sellerWithListingAndChat() {
  const account = await signUpVerified(server, clock);
  const me: TestUser = {
    id: account.user.id,
    role: 'customer',
    phone: account.phone,
    name: 'Thandi Dlamini',
    token: account.accessToken,
    auth: { authorization: `Bearer ${account.accessToken}` },
  };
  await server.ctx.db.update(users).set({ isPrivateSeller: true }).where(eq(users.id, me.id));
  const carId = await insertCar(server.ctx, me.id);
  const opened = await server.call({
    method: 'POST',
    url: '/api/messages/conversations',
    payload: { participantId: carId },
    user: buyer,
  });
  expect(opened.statusCode).toBeLessThan(300);
  const conversationId = opened.data.data.conversation.id as string;
  const body = multipart([
    { name: 'folder', value: `conversations/${conversationId}/media` },
    { name: 'file', filename: 'offer.pdf', content: PDF },
  ]);
  const uploaded = await server.call({
    method: 'POST',
    url: '/api/media/upload',
    payload: body.payload,
    headers: body.headers,
    user: buyer,
  });
  const attachment = uploaded.data.data.key as string;
  for (const [from, to, extra] of [
    [buyer, me.id, { attachments: [attachment], messageType: 'document' }],
    [me, buyer.id, { message: 'Yes, it is still for sale', messageType: 'text' }],
  ] as const) {
    const sent = await server.call({
      method: 'POST',
      url: '/api/messages/send',
      payload: { receiverId: to, ...extra },
      user: from,
    });
    expect(sent.statusCode).toBe(201);
  }
  await server.ctx.db.insert(feedback).values({
    userId: me.id,
    name: 'Thandi Dlamini',
    email: 'thandi@example.com',
    category: 'general',
    subject: `Hello from ${me.id}`,
    message: 'Nice app',
    source: 'web',
  });
  return { account, me, carId, conversationId, attachment };
}

const deleteAccount = (user: TestUser, password: unknown) =>
  server.call({ method: 'DELETE', url: '/api/account', payload: { password }, user });

async function userRow(id: string) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('DELETE /api/account', () => {
  it('refuses a wrong password and changes nothing; a signed-out caller gets 401', async () => {
    const { me, carId } = await sellerWithListingAndChat();
    const wrong = await deleteAccount(me, 'not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.data).toMatchObject({ success: false, error: ACCOUNT_DELETION_ERRORS.wrongPassword });
    expect(wrong.data.errors).toEqual([
      { field: 'password', message: ACCOUNT_DELETION_ERRORS.wrongPassword },
    ]);
    const empty = await deleteAccount(me, '');
    expect(empty.statusCode).toBe(400);
    const anonymous = await server.call({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await userRow(me.id)).deletionRequestedAt).toBeNull();
    expect((await server.call({ method: 'GET', url: `/api/cars/${carId}` })).statusCode).toBe(200);
  });

  it('slows a guesser holding a token: the sixth wrong password in 15 minutes answers 429', async () => {
    const { me } = await sellerWithListingAndChat();
    for (let i = 0; i < 5; i += 1) expect((await deleteAccount(me, `guess-${i}`)).statusCode).toBe(403);
    const limited = await deleteAccount(me, 'guess-5');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('revokes every session at once and hides the listings and conversations from everyone else', async () => {
    const { account, me, carId, conversationId, attachment } = await sellerWithListingAndChat();
    // A second sign-in: every session goes, not only the caller's.
    const second = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: account.password },
      nextIp(),
    );
    expect(second.statusCode).toBe(200);
    const listed = await server.call({ method: 'GET', url: '/api/cars?limit=100' });
    expect(listed.data.data.cars.map((car: { id: string }) => car.id)).toContain(carId);

    const res = await deleteAccount(me, account.password);
    expect(res.statusCode).toBe(200);
    expect(res.data.data.deleted).toBe(true);
    const erasedBy = new Date(res.data.data.erasedBy).getTime();
    expect(erasedBy).toBeGreaterThan(clock.now().getTime() + ERASE_AFTER_MS);
    expect(erasedBy).toBeLessThanOrEqual(clock.now().getTime() + 30 * 24 * 60 * 60_000);

    // Sessions: every refresh token is revoked, and neither session can be renewed; the password signs in no more.
    const tokens = await server.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, me.id));
    expect(tokens.length).toBe(2);
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
    for (const refreshToken of [account.refreshToken, second.data.data.refreshToken]) {
      const refresh = await post(server, '/api/auth/refresh-token', { refreshToken }, nextIp());
      expect(refresh.statusCode).toBe(401);
    }
    const login = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: account.password },
      nextIp(),
    );
    expect(login.statusCode).toBe(401);
    expect((await deleteAccount(me, account.password)).statusCode).toBe(401);

    // Listings: gone from the list, the detail and the seller's pages.
    const after = await server.call({ method: 'GET', url: '/api/cars?limit=100' });
    expect(after.data.data.cars.map((car: { id: string }) => car.id)).not.toContain(carId);
    expect((await server.call({ method: 'GET', url: `/api/cars/${carId}` })).statusCode).toBe(404);
    expect(await server.ctx.db.select().from(cars).where(eq(cars.sellerId, me.id))).toEqual([]);

    // Conversations: gone from the other person's list and history, the attachment file with them.
    const list = await server.call({ method: 'GET', url: '/api/messages/conversations', user: buyer });
    expect(list.data.data.conversations.map((c: { id: string }) => c.id)).not.toContain(conversationId);
    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${conversationId}`,
      user: buyer,
    });
    expect(history.statusCode).toBe(404);
    expect(existsSync(join(server.config.dataDir, 'media', attachment))).toBe(false);
    // Nobody can start a new one with the closed account.
    const resend = await server.call({
      method: 'POST',
      url: '/api/messages/send',
      payload: { receiverId: me.id, message: 'Are you there?', messageType: 'text' },
      user: buyer,
    });
    expect(resend.statusCode).toBe(404);

    // The phone is free: the same person may sign up again.
    const again = await post(
      server,
      '/api/auth/signup',
      { name: 'Thandi Again', phone: account.phone, password: 'another-horse-2' },
      nextIp(),
    );
    expect(again.statusCode).toBe(201);
  });

  it('stops every notification to the closed account: its devices, settings and saved searches go at once', async () => {
    const { account, me } = await sellerWithListingAndChat();
    const device = {
      endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
      keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'abcdefghijklmnopqrstuv' },
    };
    const subscribed = await server.call({
      method: 'POST',
      url: '/api/push-subscriptions',
      user: me,
      payload: device,
    });
    expect(subscribed.statusCode, JSON.stringify(subscribed.data)).toBe(201);
    const saved = await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: me,
      payload: { name: 'any Toyota', filters: { make: 'Toyota' }, alert: 'instant' },
    });
    expect(saved.statusCode, JSON.stringify(saved.data)).toBe(201);
    const settings = await server.call({
      method: 'GET',
      url: '/api/account/notification-settings',
      user: me,
    });
    expect(settings.statusCode).toBe(200);
    const put = await server.call({
      method: 'PUT',
      url: '/api/account/notification-settings',
      user: me,
      payload: settings.data.data,
    });
    expect(put.statusCode).toBe(200);
    const rows = async () => ({
      devices: await server.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, me.id)),
      searches: await server.ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id)),
      settings: await server.ctx.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, me.id)),
    });
    expect(Object.values(await rows()).map((list) => list.length)).toEqual([1, 1, 1]);

    expect((await deleteAccount(me, account.password)).statusCode).toBe(200);
    expect(Object.values(await rows()).map((list) => list.length)).toEqual([0, 0, 0]);
  });

  it('erases the personal data left after the window, once, however many processes run the job', async () => {
    const { account, me } = await sellerWithListingAndChat();
    expect((await deleteAccount(me, account.password)).statusCode).toBe(200);
    const closed = await userRow(me.id);
    expect(closed.name).toBe('Thandi Dlamini');
    expect(closed.phone).toBe(`deleted:${me.id}`);

    // Before the window ends nothing is erased.
    expect(
      await server.ctx.accountErasure.runOnce(new Date(clock.now().getTime() + ERASE_AFTER_MS - 60_000)),
    ).toBe(0);
    expect((await userRow(me.id)).erasedAt).toBeNull();

    // After it, two processes' jobs at the same moment erase each due account once between them.
    const due = await server.ctx.db.select().from(users).where(isNull(users.erasedAt));
    const closedCount = due.filter((row) => row.deletionRequestedAt !== null).length;
    const later = new Date(clock.now().getTime() + ERASE_AFTER_MS + 60_000);
    const otherProcess = new AccountErasureJob({
      repo: new AccountDeletionRepository(server.ctx.db),
      removeFile: (key) => server.ctx.storage.delete(key),
      now: () => later,
    });
    const [here, there] = await Promise.all([
      server.ctx.accountErasure.runOnce(later),
      otherProcess.runOnce(later),
    ]);
    expect(here + there).toBe(closedCount);
    const erased = await userRow(me.id);
    expect(erased).toMatchObject({
      name: ERASED_NAME,
      email: null,
      avatarKey: null,
      passwordHash: '',
      phone: `deleted:${me.id}`,
      isPhoneVerified: false,
      role: 'customer',
    });
    expect(erased.erasedAt?.getTime()).toBe(later.getTime());
    const [sent] = await server.ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.subject, `Hello from ${me.id}`));
    expect(sent).toMatchObject({ userId: null, name: ERASED_NAME, email: '' });
    expect(await server.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, me.id))).toEqual(
      [],
    );

    // Run again: nothing left to do, nothing changes.
    expect(await server.ctx.accountErasure.runOnce(new Date(later.getTime() + 60_000))).toBe(0);
    expect((await userRow(me.id)).erasedAt?.getTime()).toBe(later.getTime());
  });
});
