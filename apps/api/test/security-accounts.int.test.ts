import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, users } from '../src/db/schema/index.ts';
import { createDealer, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { signUpVerified, testClock } from './auth-helpers.ts';
import { insertCar } from './support/fixtures.ts';

/**
 * Issue 14, finding 5: an access token outlives its account by up to 15 minutes. A deleted or suspended account's
 * token, or one of a sign-in that ended, must be refused with 401 (never 500) wherever it is used, and nothing may
 * be stored under an account that does not exist.
 */
let server: TestServer;
let seller: TestDealer;
let carId: string;
let peer: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  seller = await createDealer(server);
  carId = await insertCar(server.ctx, seller.user.id);
  peer = await server.createUser({ name: 'Peer' });
});
afterAll(() => server.close());

/** Every call a signed-in customer makes that writes under their id, or reads their own things. */
function callsOf(user: TestUser) {
  return {
    send: () =>
      server.call({
        method: 'POST',
        url: '/api/messages/send',
        user,
        payload: { receiverId: peer.id, message: 'Is it still available?', messageType: 'text' },
      }),
    comment: () =>
      server.call({ method: 'POST', url: `/api/cars/${carId}/comments`, user, payload: { comment: 'Nice' } }),
    like: () => server.call({ method: 'POST', url: `/api/cars/${carId}/like`, user }),
    review: () =>
      server.call({
        method: 'POST',
        url: `/api/dealers/${seller.dealerId}/reviews`,
        user,
        payload: { rating: 5, comment: 'Great' },
      }),
    conversations: () => server.call({ method: 'GET', url: '/api/messages/conversations', user }),
    feedback: () =>
      server.call({
        method: 'POST',
        url: '/api/feedback',
        user,
        payload: {
          category: 'general',
          name: 'Gone User',
          email: 'gone@example.com',
          subject: 'Still here?',
          message: 'Sent with the token of an account that is gone.',
        },
      }),
  };
}

async function expectAllRefused(user: TestUser) {
  for (const [name, call] of Object.entries(callsOf(user))) {
    const res = await call();
    expect({ name, status: res.statusCode }).toEqual({ name, status: 401 });
    expect(res.data).toMatchObject({ success: false, error: 'Invalid or expired token' });
  }
}

describe('a token whose account no longer stands', () => {
  it('works while the account exists', async () => {
    const user = await server.createUser({ name: 'Active' });
    const calls = callsOf(user);
    expect((await calls.send()).statusCode).toBe(201);
    expect((await calls.comment()).statusCode).toBe(201);
    expect((await calls.like()).statusCode).toBe(200);
    expect((await calls.review()).statusCode).toBe(201);
    expect((await calls.conversations()).statusCode).toBe(200);
    expect((await calls.feedback()).statusCode).toBe(201);
  });

  it('is refused with 401 on send, comment, like, review, the conversation list and feedback once deleted', async () => {
    const user = await server.createUser({ name: 'Deleted' });
    await server.ctx.db.delete(users).where(eq(users.id, user.id));
    await expectAllRefused(user);
    expect(await server.ctx.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
  });

  it('is refused once suspended, accepted again when the suspension is lifted, and refused once the account is closed', async () => {
    const suspended = await server.createUser({ name: 'Suspended' });
    await server.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    await expectAllRefused(suspended);
    await server.ctx.db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.id));
    expect((await callsOf(suspended).conversations()).statusCode).toBe(200);

    // A closed account (DELETE /account marks it) is refused even for a token issued without a sign-in.
    const leaving = await server.createUser({ name: 'Leaving' });
    await server.ctx.db
      .update(users)
      .set({ deletionRequestedAt: new Date() })
      .where(eq(users.id, leaving.id));
    await expectAllRefused(leaving);
  });

  it('is refused after its sign-in ends with logout', async () => {
    const account = await signUpVerified(server, testClock());
    const bearer = { authorization: `Bearer ${account.accessToken}` };
    const me = () => server.call({ method: 'GET', url: '/api/messages/conversations', headers: bearer });
    expect((await me()).statusCode).toBe(200);
    const logout = await server.call({ method: 'POST', url: '/api/auth/logout', headers: bearer });
    expect(logout.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('is refused on the live stream, which reads its token from the query string', async () => {
    const user = await server.createUser({ name: 'Streamer' });
    await server.ctx.db.delete(users).where(eq(users.id, user.id));
    const res = await server.call({
      method: 'GET',
      url: `/api/messages/stream?token=${encodeURIComponent(user.token)}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.data).toMatchObject({ success: false });
  });
});
