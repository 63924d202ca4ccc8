import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/context.ts';
import type { AccessTokenService } from '../src/accounts/access-token.service.ts';
import { UserAnswerCache } from '../src/messaging/user-answer-cache.ts';
import { createDealer, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
/**
 * A second API process on the same database whose cached answers would live for a minute: only the message events
 * it receives through NOTIFY can make it show another process's writes within the test's few seconds.
 */
let second: FastifyInstance;
let secondTokens: AccessTokenService;
let dealer: TestDealer;

beforeAll(async () => {
  server = await createTestServer();
  const ctx = createContext(server.config, server.ctx.database, randomBytes(32).toString('hex'));
  ctx.userAnswers = new UserAnswerCache({ ttlMs: 60_000 });
  ctx.messageEvents.onUsersChanged((userIds) => ctx.userAnswers.forget(userIds));
  secondTokens = ctx.tokens;
  second = await buildApp(ctx);
  await second.ready();
  dealer = await createDealer(server, { name: 'Answer Motors' });
});
afterAll(async () => {
  await second.close();
  await server.close();
});

interface ConversationAnswer {
  id: string;
  participantId: string;
  unreadCount: number;
  lastMessage: { message: string; isRead: boolean } | null;
}

const send = (from: TestUser, to: string, message: string) =>
  server.call({
    method: 'POST',
    url: '/api/messages/send',
    user: from,
    payload: { receiverId: to, message, messageType: 'text' },
  });

async function listOf(user: TestUser): Promise<ConversationAnswer[]> {
  const res = await server.call({ method: 'GET', url: '/api/messages/conversations', user });
  expect(res.statusCode).toBe(200);
  return res.data.data.conversations as ConversationAnswer[];
}

async function historyOf(user: TestUser, otherId: string) {
  const res = await server.call({ method: 'GET', url: `/api/messages/conversations/${otherId}`, user });
  return {
    status: res.statusCode,
    data: res.data.data as { messages: { message: string; isRead: boolean }[] },
  };
}

async function secondList(user: TestUser): Promise<ConversationAnswer[]> {
  const token = await secondTokens.sign({ id: user.id, role: user.role });
  const res = await second.inject({
    method: 'GET',
    url: '/api/messages/conversations',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { conversations: ConversationAnswer[] } }>().data.conversations;
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("cached answers of a user's conversations", () => {
  it("show this process's sends and read receipts at once", async () => {
    const buyer = await server.createUser({ name: 'Answer Buyer' });
    expect((await send(buyer, dealer.user.id, 'Is the Polo available?')).statusCode).toBe(201);
    // Both sides read (and cache) their answers.
    expect((await listOf(dealer.user))[0]).toMatchObject({ participantId: buyer.id, unreadCount: 1 });
    expect((await historyOf(buyer, dealer.user.id)).data.messages.map((m) => m.isRead)).toEqual([false]);

    expect((await send(dealer.user, buyer.id, 'Yes, come and see it')).statusCode).toBe(201);
    expect((await listOf(buyer))[0]?.lastMessage?.message).toBe('Yes, come and see it');
    expect((await listOf(dealer.user))[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { message: 'Yes, come and see it' },
    });

    const [conversation] = await listOf(dealer.user);
    const read = await server.call({
      method: 'PUT',
      url: `/api/messages/conversations/${conversation!.id}/read`,
      user: dealer.user,
    });
    expect(read.statusCode).toBe(200);
    expect((await listOf(dealer.user))[0]?.unreadCount).toBe(0);
    // The sender's cached history shows the receipt.
    expect((await historyOf(buyer, dealer.user.id)).data.messages.map((m) => m.isRead)).toEqual([
      true,
      false,
    ]);
  });

  it('show a conversation opened for uploads at once, though it has no message yet', async () => {
    const buyer = await server.createUser({ name: 'Uploading Buyer' });
    const before = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${dealer.user.id}`,
      user: buyer,
    });
    expect(before.data.data.conversation).toBeNull();
    const opened = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      user: buyer,
      payload: { participantId: dealer.user.id },
    });
    expect(opened.statusCode).toBe(201);
    const after = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${dealer.user.id}`,
      user: buyer,
    });
    expect(after.data.data.conversation?.id).toBe(opened.data.data.conversation.id);
  });

  it("show another process's sends through its message events", async () => {
    const buyer = await server.createUser({ name: 'Remote Buyer' });
    expect((await send(buyer, dealer.user.id, 'First question')).statusCode).toBe(201);
    expect((await secondList(buyer))[0]?.lastMessage?.message).toBe('First question');

    expect((await send(dealer.user, buyer.id, 'Answer from the other process')).statusCode).toBe(201);
    await waitFor(
      async () => (await secondList(buyer))[0]?.lastMessage?.message === 'Answer from the other process',
      5000,
    );
    expect((await secondList(buyer))[0]?.unreadCount).toBe(1);
  });

  it("never answers one user with another's cached history", async () => {
    const buyer = await server.createUser({ name: 'Owner Of The Thread' });
    const stranger = await server.createUser({ name: 'Stranger' });
    expect((await send(buyer, dealer.user.id, 'Private question')).statusCode).toBe(201);
    const [conversation] = await listOf(buyer);
    const url = `/api/messages/conversations/${conversation!.id}`;
    const own = await server.call({ method: 'GET', url, user: buyer });
    expect(own.statusCode).toBe(200);
    expect(own.data.data.messages.map((m: { message: string }) => m.message)).toEqual(['Private question']);

    const theirs = await server.call({ method: 'GET', url, user: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(JSON.stringify(theirs.data)).not.toContain('Private question');
    expect(await listOf(stranger)).toEqual([]);
  });
});
