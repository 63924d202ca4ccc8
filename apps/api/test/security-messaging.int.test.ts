import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, mediaObjects, messages, users } from '../src/db/schema/index.ts';
import { CAR_NOT_OF_PARTICIPANTS, UNAVAILABLE_RECIPIENT } from '../src/messaging/messaging.service.ts';
import { WRITE_LIMITS } from '../src/plugins/write-limits.ts';
import { createDealer, createPrivateSeller, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { PNG_1X1 } from './support/fixtures.ts';
import { uploadFile } from './support/upload.ts';

/**
 * Issue 28, 'close what an attacker can do today', the messaging findings as an attacker tries them over HTTP:
 * phones harvested by opening conversations, any car as a lure, and messages to a suspended account.
 */
let server: TestServer;
let dealer: TestDealer;
let dealerCar: string;
let privateSeller: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await createDealer(server, { name: 'Real Motors', phone: '+26876111222' });
  dealerCar = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
  privateSeller = await createPrivateSeller(server, 'Sipho Seller');
  await insertCar(server, { sellerId: privateSeller.id });
});
afterAll(() => server.close());

const open = (user: TestUser, participantId: string, carId?: string) =>
  server.call({
    method: 'POST',
    url: '/api/messages/conversations',
    user,
    payload: carId ? { participantId, carId } : { participantId },
  });

const send = (user: TestUser, receiverId: string, message: string, carId?: string) =>
  server.call({
    method: 'POST',
    url: '/api/messages/send',
    user,
    payload: { receiverId, message, messageType: 'text', ...(carId ? { carId } : {}) },
  });

const participantOf = async (user: TestUser, otherId: string) => {
  const history = await server.call({ method: 'GET', url: `/api/messages/conversations/${otherId}`, user });
  expect(history.statusCode).toBe(200);
  return history.data.data.conversation.participant;
};

describe("a buyer's phone", () => {
  it('is not given to whoever opens a conversation with them, in any answer, until they write', async () => {
    const buyer = await server.createUser({ name: 'Buyer' });
    const harvester = await server.createUser({ name: 'Harvester' });

    const opened = await open(harvester, buyer.id);
    expect(opened.statusCode).toBe(201);
    expect(opened.data.data.conversation.participant.phone).toBeNull();
    expect(opened.body).not.toContain(buyer.phone);

    // The harvester writes: still nothing of the buyer's, in the history or the list.
    expect((await send(harvester, buyer.id, 'Hello')).statusCode).toBe(201);
    expect((await participantOf(harvester, buyer.id)).phone).toBeNull();
    const list = await server.call({ method: 'GET', url: '/api/messages/conversations', user: harvester });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(buyer.phone);
    expect((await open(harvester, buyer.id)).data.data.conversation.participant.phone).toBeNull();

    // The buyer sees the harvester's number: the harvester wrote to them.
    expect((await participantOf(buyer, harvester.id)).phone).toBe(harvester.phone);

    // Once the buyer answers, the other side may call them.
    expect((await send(buyer, harvester.id, 'Hi, is it still for sale?')).statusCode).toBe(201);
    expect((await participantOf(harvester, buyer.id)).phone).toBe(buyer.phone);
  });

  it("shows a seller's phone as their listings show it: the dealership's, or a private seller's own", async () => {
    const buyer = await server.createUser({ name: 'Curious buyer' });
    expect((await open(buyer, dealer.user.id)).data.data.conversation.participant.phone).toBe('+26876111222');
    expect((await open(buyer, privateSeller.id)).data.data.conversation.participant.phone).toBe(
      privateSeller.phone,
    );
  });

  it('limits opening conversations per account, like sending', async () => {
    const opener = await server.createUser({ name: 'Opener' });
    const targets = await Promise.all(
      Array.from({ length: WRITE_LIMITS.conversation.points + 1 }, (_, i) =>
        server.createUser({ name: `Target ${i}` }),
      ),
    );
    const statuses: number[] = [];
    for (const target of targets) statuses.push((await open(opener, target.id)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(WRITE_LIMITS.conversation.points);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the car a conversation is about', () => {
  it('refuses a car of neither person when sending, and stores nothing', async () => {
    const lurer = await server.createUser({ name: 'Real Motors' });
    const victim = await server.createUser({ name: 'Victim' });
    const refused = await send(lurer, victim.id, 'Your car is ready', dealerCar);
    expect(refused.statusCode).toBe(400);
    expect(refused.data).toMatchObject({
      success: false,
      error: CAR_NOT_OF_PARTICIPANTS,
      errors: [{ field: 'carId', message: CAR_NOT_OF_PARTICIPANTS }],
    });
    const stored = await server.ctx.db.select().from(messages).where(eq(messages.senderId, lurer.id));
    expect(stored).toHaveLength(0);
  });

  it('refuses a car of neither person when opening a conversation', async () => {
    const lurer = await server.createUser({ name: 'Lurer' });
    const victim = await server.createUser({ name: 'Victim' });
    const refused = await open(lurer, victim.id, dealerCar);
    expect(refused.statusCode).toBe(400);
    expect(refused.data.error).toBe(CAR_NOT_OF_PARTICIPANTS);
    const rows = await server.ctx.db.select().from(conversations).where(eq(conversations.carId, dealerCar));
    expect(rows.some((row) => [row.userLowId, row.userHighId].includes(lurer.id))).toBe(false);
  });

  it("accepts the receiver's car, and the seller may name their own car to a buyer", async () => {
    const buyer = await server.createUser({ name: 'Buyer of the Hilux' });
    const asked = await send(buyer, dealer.user.id, 'Is this available?', dealerCar);
    expect(asked.statusCode).toBe(201);
    expect(asked.data.data.message.carId).toBe(dealerCar);
    const answered = await send(dealer.user, buyer.id, 'Yes it is', dealerCar);
    expect(answered.statusCode).toBe(201);
    expect((await open(buyer, dealer.user.id, dealerCar)).statusCode).toBe(200);
  });
});

describe('a suspended account', () => {
  it('cannot be written to or have a conversation opened with it, and the answer says no more', async () => {
    const buyer = await server.createUser({ name: 'Buyer' });
    const pest = await server.createUser({ name: 'Suspended pest' });
    expect((await send(buyer, pest.id, 'Before')).statusCode).toBe(201);

    // As the operator's suspension leaves the account.
    await server.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, pest.id));

    const written = await send(buyer, pest.id, 'After');
    expect(written.statusCode).toBe(403);
    expect(written.data).toMatchObject({ success: false, error: UNAVAILABLE_RECIPIENT });
    const other = await server.createUser({ name: 'Other' });
    const opened = await open(other, pest.id);
    expect(opened.statusCode).toBe(403);
    expect(opened.data).toMatchObject({ success: false, error: UNAVAILABLE_RECIPIENT });
    const stored = await server.ctx.db.select().from(messages).where(eq(messages.receiverId, pest.id));
    expect(stored.map((m) => m.message)).toEqual(['Before']);
  });
});

describe('attachment names', () => {
  it('lose bidi controls, so a photo cannot pass for another kind of file', async () => {
    const sender = await server.createUser({ name: 'Sender' });
    const receiver = await server.createUser({ name: 'Receiver' });
    const opened = await open(sender, receiver.id);
    const folder = `conversations/${opened.data.data.conversation.id}/media`;
    // Shown as 'invoiceexe.pdf' where the override is kept: a picture dressed as a PDF.
    const disguised = 'invoice\u202Efdp.exe\u2066\u200F.png';
    const up = await uploadFile(server, sender, folder, {
      name: disguised,
      content: PNG_1X1,
      type: 'image/png',
    });
    expect(up.statusCode).toBe(200);
    const key = up.data.data.key as string;
    const [stored] = await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    expect(stored?.originalName).toBe('invoicefdp.exe.png');

    const sent = await server.call({
      method: 'POST',
      url: '/api/messages/send',
      user: sender,
      payload: { receiverId: receiver.id, attachments: [key], messageType: 'image' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.data.data.message.attachmentFiles[0].name).toBe('invoicefdp.exe.png');
    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${sender.id}`,
      user: receiver,
    });
    expect(JSON.stringify(history.data)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u);
  });
});
