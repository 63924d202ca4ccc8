import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, messages } from '../src/db/schema/index.ts';
import { WRITE_LIMITS } from '../src/plugins/write-limits.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carId: string;
let dealerUserId: string;

beforeAll(async () => {
  server = await createTestServer();
  const dealer = await createDealer(server);
  dealerUserId = dealer.user.id;
  carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
  alice = await server.createUser({ name: 'Alice' });
  bob = await server.createUser({ name: 'Bob' });
});
afterAll(() => server.close());

const comment = (user: TestUser, text: string) =>
  server.call({ method: 'POST', url: `/api/cars/${carId}/comments`, user, payload: { comment: text } });

describe('write limits', () => {
  it('refuses comments over the limit with 429 and Retry-After, storing nothing more, per person', async () => {
    for (let i = 0; i < WRITE_LIMITS.comment.points; i += 1) {
      expect((await comment(alice, `Comment ${i}`)).statusCode).toBe(201);
    }
    const refused = await comment(alice, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.data).toMatchObject({ success: false, error: WRITE_LIMITS.comment.message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await server.ctx.db.select().from(comments).where(eq(comments.userId, alice.id));
    expect(stored).toHaveLength(WRITE_LIMITS.comment.points);

    // Someone else is not held back by Alice's flood.
    expect((await comment(bob, 'Nice car')).statusCode).toBe(201);
  });

  it('limits sending messages per sender', async () => {
    const send = (text: string) =>
      server.call({
        method: 'POST',
        url: '/api/messages/send',
        user: bob,
        payload: { receiverId: dealerUserId, message: text, messageType: 'text' },
      });
    const answers = [];
    for (let i = 0; i <= WRITE_LIMITS.message.points; i += 1)
      answers.push((await send(`Hello ${i}`)).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(WRITE_LIMITS.message.points);
    expect(answers.at(-1)).toBe(429);
    const stored = await server.ctx.db.select().from(messages).where(eq(messages.senderId, bob.id));
    expect(stored).toHaveLength(WRITE_LIMITS.message.points);
  });

  it('limits anonymous searches by address', async () => {
    const search = () =>
      server.call({
        method: 'POST',
        url: '/api/ai/search-natural-language',
        payload: { query: 'red toyota' },
      });
    for (let i = 0; i < WRITE_LIMITS.ai.points; i += 1) expect((await search()).statusCode).toBe(200);
    const refused = await search();
    expect(refused.statusCode).toBe(429);
    expect(refused.data.error).toBe(WRITE_LIMITS.ai.message);
  });
});
