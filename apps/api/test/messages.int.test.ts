import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, conversations, dealers, mediaObjects, messages, reports } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/client.ts';
import { CarRepository } from '../src/cars/car.repository.ts';
import { IdempotencyService } from '../src/shared/idempotency.service.ts';
import { IdempotencyRepository } from '../src/shared/idempotency.repository.ts';
import { MessageEventHub } from '../src/messaging/message-events.service.ts';
import { MessagingService } from '../src/messaging/messaging.service.ts';
import { MessagingRepository } from '../src/messaging/messaging.repository.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { uploadFile } from './support/upload.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const send = (
  user: TestUser | undefined,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => server.call({ method: 'POST', url: '/api/messages/send', payload, headers, ...(user ? { user } : {}) });

async function createDealer(name = 'Mbabane Motors') {
  const owner = await server.createUser({ role: 'dealer', name: 'Dealer Owner' });
  const [dealer] = await server.ctx.db
    .insert(dealers)
    .values({ userId: owner.id, name, location: 'Mbabane', phone: '+26876555001' })
    .returning();
  if (!dealer) throw new Error('no dealer');
  return { owner, dealer };
}

async function createCar(
  sellerId: string,
  dealerId: string | null,
  overrides: Partial<typeof cars.$inferInsert> = {},
) {
  const [car] = await server.ctx.db
    .insert(cars)
    .values({
      sellerId,
      dealerId,
      sellerType: dealerId ? 'dealer' : 'private',
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      mileage: 42_000,
      fuelType: 'Diesel',
      transmission: 'Manual',
      bodyType: 'Truck',
      condition: 'Used',
      description: 'A well kept double cab with full service history.',
      price: 450_000,
      images: ['cars/x/front.jpg'],
      videos: ['cars/x/tour.mp4'],
      posterKey: 'cars/x/poster.jpg',
      videoStatus: 'ready',
      ...overrides,
    })
    .returning();
  if (!car) throw new Error('no car');
  return car;
}

/** What the media upload records for a file put into a conversation's folder. */
async function uploaded(ownerId: string, conversationId: string, ext: string, mimeType: string) {
  const folder = `conversations/${conversationId}/media`;
  const key = `${folder}/${randomUUID()}.${ext}`;
  await server.ctx.db.insert(mediaObjects).values({
    key,
    ownerId,
    folder,
    kind: mimeType.startsWith('image/') ? 'image' : 'document',
    mimeType,
    size: 1234,
  });
  return key;
}

async function openConversation(user: TestUser, participantId: string, carId?: string) {
  const res = await server.call({
    method: 'POST',
    url: '/api/messages/conversations',
    user,
    payload: { participantId, ...(carId ? { carId } : {}) },
  });
  expect([200, 201]).toContain(res.statusCode);
  return res.data.data.conversation.id as string;
}

async function messageCount(conversationId?: string) {
  const rows = await server.ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(conversationId ? eq(messages.conversationId, conversationId) : undefined);
  return rows.length;
}

describe('POST /messages/send', () => {
  it('sends a text message and answers the SPEC shape with both ids', async () => {
    const alice = await server.createUser({ name: 'Alice' });
    const bob = await server.createUser({ name: 'Bob' });
    const res = await send(alice, {
      receiverId: bob.id,
      message: '  Is it still available?  ',
      messageType: 'text',
    });
    expect(res.statusCode).toBe(201);
    const m = res.data.data.message;
    expect(m).toMatchObject({
      senderId: alice.id,
      receiverId: bob.id,
      message: 'Is it still available?',
      attachments: [],
      attachmentUrls: [],
      messageType: 'text',
      contactMethod: 'in_app',
      isRead: false,
      readAt: null,
      sender: { id: alice.id, name: 'Alice', role: 'customer' },
      receiver: { id: bob.id, name: 'Bob', role: 'customer' },
    });
    expect(m._id).toBe(m.id);
    expect(typeof m.conversationId).toBe('string');
    expect(new Date(m.createdAt).toString()).not.toBe('Invalid Date');
    expect(m.updatedAt).toBeTruthy();
  });

  it('delivers to a dealer addressed by its dealer id, and to a seller addressed by a car id', async () => {
    const buyer = await server.createUser();
    const { owner, dealer } = await createDealer();
    const res = await send(buyer, { receiverId: dealer.id, message: 'Hello dealer', messageType: 'text' });
    expect(res.statusCode).toBe(201);
    expect(res.data.data.message.receiverId).toBe(owner.id);
    expect(res.data.data.message.receiver).toMatchObject({
      id: owner.id,
      name: 'Mbabane Motors',
      role: 'dealer',
    });

    const car = await createCar(owner.id, dealer.id);
    const viaCar = await send(buyer, { receiverId: car.id, message: 'About this car', messageType: 'text' });
    expect(viaCar.statusCode).toBe(201);
    expect(viaCar.data.data.message).toMatchObject({ receiverId: owner.id, carId: car.id });
    expect(viaCar.data.data.message.conversationId).toBe(res.data.data.message.conversationId);
  });

  it('refuses bad sends with 400/404 and stores nothing', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const before = await messageCount();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [
        { receiverId: alice.id, message: 'me', messageType: 'text' },
        400,
        'You cannot send a message to yourself',
      ],
      [
        { receiverId: bob.id, message: '   ', messageType: 'text' },
        400,
        'Either message text or attachments are required',
      ],
      [{ receiverId: bob.id, messageType: 'text' }, 400, 'Either message text or attachments are required'],
      [
        { receiverId: bob.id, message: 'x', attachments: [], messageType: 'image' },
        400,
        /messageType must be 'text'/,
      ],
      [{ receiverId: randomUUID(), message: 'hi', messageType: 'text' }, 404, 'Receiver not found'],
      [{ receiverId: 'not-an-id', message: 'hi', messageType: 'text' }, 404, 'Receiver not found'],
      [{ receiverId: bob.id, message: 'hi', messageType: 'text', carId: randomUUID() }, 404, 'Car not found'],
      [{ receiverId: bob.id, message: 'hi', messageType: 'shout' }, 400, /./],
      [{ receiverId: bob.id, message: 'x'.repeat(5001), messageType: 'text' }, 400, /at most 5000/],
      [{ message: 'hi', messageType: 'text' }, 400, /./],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send(alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.data.success).toBe(false);
      expect(res.data.message).toMatch(message);
    }
    expect(await messageCount()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const bob = await server.createUser();
    const res = await send(undefined, { receiverId: bob.id, message: 'hi', messageType: 'text' });
    expect(res.statusCode).toBe(401);
    const bad = await server.call({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: 'Bearer nope' },
      payload: { receiverId: bob.id, message: 'hi', messageType: 'text' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.data.message).toBe('Invalid or expired token');
  });

  it('accepts attachments the sender uploaded into this conversation and infers the type as the SPEC says', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const conversationId = await openConversation(alice, bob.id);
    const jpg = await uploaded(alice.id, conversationId, 'jpg', 'image/jpeg');
    const png = await uploaded(alice.id, conversationId, 'png', 'image/png');
    const pdf = await uploaded(alice.id, conversationId, 'pdf', 'application/pdf');
    const docx = await uploaded(
      alice.id,
      conversationId,
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const image = await send(alice, { receiverId: bob.id, attachments: [jpg, png], messageType: 'image' });
    expect(image.statusCode).toBe(201);
    expect(image.data.data.message.attachments).toEqual([jpg, png]);
    // Same-origin links signed for the viewer (security-privacy.int.test.ts proves who they serve).
    expect(image.data.data.message.attachmentUrls).toEqual([
      expect.stringMatching(new RegExp(`^/media/${jpg}\\?viewer=${alice.id}&expires=\\d+&signature=`)),
      expect.stringMatching(new RegExp(`^/media/${png}\\?viewer=${alice.id}&expires=\\d+&signature=`)),
    ]);
    expect(image.data.data.message.conversationId).toBe(conversationId);

    expect(
      (await send(alice, { receiverId: bob.id, attachments: [pdf, docx], messageType: 'document' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send(alice, { receiverId: bob.id, attachments: [jpg, pdf], messageType: 'mixed' })).statusCode,
    ).toBe(201);
    expect(
      (await send(alice, { receiverId: bob.id, message: 'see', attachments: [jpg], messageType: 'mixed' }))
        .statusCode,
    ).toBe(201);

    const before = await messageCount(conversationId);
    for (const [attachments, wrong, right] of [
      [[jpg], 'text', 'image'],
      [[pdf], 'image', 'document'],
      [[jpg, pdf], 'image', 'mixed'],
    ] as const) {
      const res = await send(alice, { receiverId: bob.id, attachments, messageType: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toBe(`messageType must be '${right}' for this message`);
    }
    const six = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => uploaded(alice.id, conversationId, 'jpg', 'image/jpeg')),
    );
    const tooMany = await send(alice, { receiverId: bob.id, attachments: six, messageType: 'image' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.data.message).toBe('Maximum 5 attachments per message');
    expect(
      (await send(alice, { receiverId: bob.id, attachments: six.slice(0, 5), messageType: 'image' }))
        .statusCode,
    ).toBe(201);
    expect(await messageCount(conversationId)).toBe(before + 1);
  });

  it('refuses keys of another conversation or another user, and stores nothing', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const carol = await server.createUser();
    const ab = await openConversation(alice, bob.id);
    const ac = await openConversation(alice, carol.id);
    const otherConversation = await uploaded(alice.id, ac, 'jpg', 'image/jpeg');
    const bobsFile = await uploaded(bob.id, ab, 'jpg', 'image/jpeg');
    const unknown = `conversations/${ab}/media/${randomUUID()}.jpg`;
    const before = await messageCount();
    for (const key of [otherConversation, bobsFile, unknown, '../etc/passwd']) {
      const res = await send(alice, {
        receiverId: bob.id,
        message: 'look',
        attachments: [key],
        messageType: 'mixed',
      });
      expect(res.statusCode, key).toBe(400);
    }
    const res = await send(alice, { receiverId: bob.id, attachments: [bobsFile], messageType: 'image' });
    expect(res.data.errors).toEqual([
      { field: 'attachments.0', message: 'Attachment not found in this conversation' },
    ]);
    expect(await messageCount()).toBe(before);
  });

  it('does not keep a conversation created by a refused first send', async () => {
    const alice = await server.createUser();
    const dave = await server.createUser();
    const res = await send(alice, {
      receiverId: dave.id,
      attachments: [`conversations/${randomUUID()}/media/x.jpg`],
      messageType: 'image',
    });
    expect(res.statusCode).toBe(400);
    const [low, high] = [alice.id, dave.id].sort();
    const rows = await server.ctx.db.select().from(conversations).where(eq(conversations.userLowId, low!));
    expect(rows.filter((row) => row.userHighId === high)).toEqual([]);
  });
});

describe('attachment names and the contact card', () => {
  const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  it("shows each attachment by its file's own name and size, never its storage key, to both sides", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const conversationId = await openConversation(alice, bob.id);
    const folder = `conversations/${conversationId}/media`;
    const up = await uploadFile(server, alice, folder, {
      name: 'C:\\Users\\alice\\Service history 2024.pdf',
      content: pdfBytes,
      type: 'application/pdf',
    });
    expect(up.statusCode).toBe(200);
    const key = up.data.data.key as string;
    const [stored] = await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    expect(stored?.originalName).toBe('Service history 2024.pdf');

    const sent = await send(alice, { receiverId: bob.id, attachments: [key], messageType: 'document' });
    expect(sent.statusCode).toBe(201);
    const file = { name: 'Service history 2024.pdf', size: pdfBytes.length };
    expect(sent.data.data.message.attachmentFiles).toEqual([file]);
    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${alice.id}`,
      user: bob,
    });
    const received = history.data.data.messages.at(-1);
    expect(received.attachmentFiles).toEqual([file]);
    expect(JSON.stringify(received.attachmentFiles)).not.toContain(key.split('/').pop()!.split('.')[0]);

    // A file stored before names were kept is named by its type, not by its key.
    const older = await uploaded(alice.id, conversationId, 'pdf', 'application/pdf');
    const plain = await send(alice, { receiverId: bob.id, attachments: [older], messageType: 'document' });
    expect(plain.data.data.message.attachmentFiles).toEqual([{ name: 'Document.pdf', size: 1234 }]);
  });

  it("keeps another user's upload out, whatever its name", async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const mallory = await server.createUser();
    const conversationId = await openConversation(alice, bob.id);
    const theirs = await openConversation(mallory, bob.id);
    const up = await uploadFile(server, mallory, `conversations/${theirs}/media`, {
      name: 'invoice.pdf',
      content: pdfBytes,
      type: 'application/pdf',
    });
    const refused = await send(alice, {
      receiverId: bob.id,
      attachments: [up.data.data.key],
      messageType: 'document',
    });
    expect(refused.statusCode).toBe(400);
    // Nor may Mallory upload into a conversation that is not hers.
    const intruding = await uploadFile(server, mallory, `conversations/${conversationId}/media`, {
      name: 'x.pdf',
      content: pdfBytes,
    });
    expect(intruding.statusCode).toBe(404);
  });

  it('carries the contact card apart from the text, checked field by field', async () => {
    const { owner, dealer } = await createDealer();
    const car = await createCar(owner.id, dealer.id);
    const buyer = await server.createUser();
    const contact = {
      name: 'Thandi Dlamini',
      phone: '+268 7600 0003',
      email: 'thandi@example.com',
      testDrive: 'Saturday 13 June 2026 at 10:30',
    };
    const text = "Hi, I'm interested in the 2021 Toyota Hilux. Is it still available?";
    const sent = await send(buyer, {
      receiverId: owner.id,
      carId: car.id,
      message: text,
      messageType: 'text',
      contact,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.data.data.message.message).toBe(text);
    expect(sent.data.data.message.contact).toEqual({ ...contact, phone: '+26876000003' });
    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${buyer.id}`,
      user: owner,
    });
    expect(history.data.data.messages.at(-1).contact).toEqual({ ...contact, phone: '+26876000003' });
    // The car names who listed it, so the chat shows that side the seller's quick replies.
    expect(history.data.data.conversation.car.sellerId).toBe(owner.id);

    const plain = await send(buyer, { receiverId: owner.id, message: 'Thanks', messageType: 'text' });
    expect(plain.data.data.message.contact).toBeNull();

    const before = await messageCount();
    for (const [bad, field] of [
      [{ ...contact, phone: '12' }, 'contact.phone'],
      [{ ...contact, name: '   ' }, 'contact.name'],
      [{ ...contact, name: 'x'.repeat(101) }, 'contact.name'],
      [{ ...contact, email: 'not-an-email' }, 'contact.email'],
      [{ ...contact, testDrive: 'y'.repeat(101) }, 'contact.testDrive'],
    ] as const) {
      const res = await send(buyer, {
        receiverId: owner.id,
        message: text,
        messageType: 'text',
        contact: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.data)).toContain(field.split('.')[1]!);
    }
    expect(await messageCount()).toBe(before);
  });
});

describe('concurrent first messages', () => {
  it('keeps one conversation when both sides write at once', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? send(alice, { receiverId: bob.id, message: `a${i}`, messageType: 'text' })
          : send(bob, { receiverId: alice.id, message: `b${i}`, messageType: 'text' }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((res) => res.data.data.message.conversationId));
    expect(ids.size).toBe(1);
    expect(await messageCount([...ids][0])).toBe(10);
  });
});

describe('idempotent send', () => {
  it('answers 20 concurrent retries with one stored message and the same answer', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const key = `send-${randomUUID()}`;
    const payload = { receiverId: bob.id, message: 'Only once', messageType: 'text' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(alice, payload, { 'idempotency-key': key })),
    );
    const ids = new Set(answers.map((res) => res.data.data?.message?.id));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    const conversationId = answers[0]!.data.data.message.conversationId as string;
    expect(await messageCount(conversationId)).toBe(1);

    // A later retry still replays; the same key from another user is theirs alone.
    const later = await send(alice, payload, { 'idempotency-key': key });
    expect(later.body).toBe(answers[0]!.body);
    expect(later.headers['idempotent-replayed']).toBe('true');
    const fromBob = await send(
      bob,
      { receiverId: alice.id, message: 'Mine', messageType: 'text' },
      { 'idempotency-key': key },
    );
    expect(fromBob.statusCode).toBe(201);
    expect(await messageCount(conversationId)).toBe(2);
  });

  it('replays a refusal with the same status and body, and refuses a key reused for another body', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const key = randomUUID();
    const first = await send(
      alice,
      { receiverId: bob.id, message: 'x', messageType: 'image' },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(400);
    const again = await send(
      alice,
      { receiverId: bob.id, message: 'x', messageType: 'image' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first.body);

    const key2 = randomUUID();
    expect(
      (
        await send(
          alice,
          { receiverId: bob.id, message: 'a', messageType: 'text' },
          { 'idempotency-key': key2 },
        )
      ).statusCode,
    ).toBe(201);
    const other = await send(
      alice,
      { receiverId: bob.id, message: 'b', messageType: 'text' },
      { 'idempotency-key': key2 },
    );
    expect(other.statusCode).toBe(409);
  });

  it('checks the key length', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const res = await send(
      alice,
      { receiverId: bob.id, message: 'x', messageType: 'text' },
      { 'idempotency-key': 'k'.repeat(129) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('Idempotency-Key must be 1 to 128 characters');
  });
});

describe('conversations', () => {
  it('lists newest activity first with participant, last message, unread counts and car context', async () => {
    const buyer = await server.createUser({ name: 'Buyer' });
    const { owner, dealer } = await createDealer('Manzini Cars');
    const car = await createCar(owner.id, dealer.id, {
      make: 'BMW',
      model: 'X5',
      year: 2022,
      price: 1_250_000,
    });
    const seller = await server.createUser({ name: 'Private Pat' });

    await send(buyer, { receiverId: dealer.id, message: 'First', messageType: 'text', carId: car.id });
    await send(buyer, { receiverId: seller.id, message: 'Hi Pat', messageType: 'text' });
    await send(seller, { receiverId: buyer.id, message: 'Hi buyer', messageType: 'text' });
    await send(seller, { receiverId: buyer.id, message: 'Still there?', messageType: 'text' });
    await send(owner, { receiverId: buyer.id, message: 'Yes, available', messageType: 'text' });

    const media = '/media';
    const res = await server.call({ method: 'GET', url: '/api/messages/conversations', user: buyer });
    expect(res.statusCode).toBe(200);
    const { conversations: list, page, limit, total } = res.data.data;
    expect({ page, limit, total }).toEqual({ page: 1, limit: 20, total: 2 });
    expect(list.map((c: { participantId: string }) => c.participantId)).toEqual([owner.id, seller.id]);
    const [withDealer, withSeller] = list;
    expect(withDealer).toMatchObject({
      participant: {
        id: owner.id,
        name: 'Manzini Cars',
        role: 'dealer',
        phone: '+26876555001',
        avatar: null,
      },
      unreadCount: 1,
      car: {
        id: car.id,
        _id: car.id,
        make: 'BMW',
        model: 'X5',
        year: 2022,
        price: 1_250_000,
        formattedPrice: 'E1,250,000',
        currency: { code: 'SZL', symbol: 'E' },
        // A car's first photo is its cover, in front of the video's frame.
        image: `${media}/cars/x/front.jpg`,
        video: `${media}/cars/x/tour.mp4`,
        videos: [`${media}/cars/x/tour.mp4`],
        images: [`${media}/cars/x/front.jpg`],
      },
    });
    expect(withDealer._id).toBe(withDealer.id);
    expect(withDealer.lastMessage.message).toBe('Yes, available');
    expect(withDealer.latestMessage).toEqual(withDealer.lastMessage);
    expect(withDealer.updatedAt).toBe(withDealer.lastMessage.createdAt);
    expect(withSeller).toMatchObject({
      participant: { id: seller.id, name: 'Private Pat', role: 'customer', phone: seller.phone },
      unreadCount: 2,
      car: null,
    });

    const paged = await server.call({
      method: 'GET',
      url: '/api/messages/conversations?page=2&limit=1',
      user: buyer,
    });
    expect(paged.data.data).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(paged.data.data.conversations.map((c: { participantId: string }) => c.participantId)).toEqual([
      seller.id,
    ]);
    // Past the last page there is no row to carry the total, and it is still the full count.
    const pastEnd = await server.call({
      method: 'GET',
      url: '/api/messages/conversations?page=3&limit=1',
      user: buyer,
    });
    expect(pastEnd.data.data).toEqual({ conversations: [], page: 3, limit: 1, total: 2 });

    const dealerView = await server.call({ method: 'GET', url: '/api/messages/conversations', user: owner });
    expect(dealerView.data.data.conversations).toHaveLength(1);
    expect(dealerView.data.data.conversations[0]).toMatchObject({ participantId: buyer.id, unreadCount: 1 });

    expect(
      (await server.call({ method: 'GET', url: '/api/messages/conversations?limit=0', user: buyer }))
        .statusCode,
    ).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/messages/conversations' })).statusCode).toBe(401);
  });

  it('opens (gets or creates) a conversation for uploads, which stays out of the list until a message is sent', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const first = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      user: alice,
      payload: { participantId: bob.id },
    });
    expect(first.statusCode).toBe(201);
    const id = first.data.data.conversation.id;
    expect(first.data.data.uploadFolder).toBe(`conversations/${id}/media`);
    const again = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      user: bob,
      payload: { participantId: alice.id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.data.data.conversation.id).toBe(id);
    const list = await server.call({ method: 'GET', url: '/api/messages/conversations', user: alice });
    expect(list.data.data.total).toBe(0);
    const self = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      user: alice,
      payload: { participantId: alice.id },
    });
    expect(self.statusCode).toBe(400);
    const nobody = await server.call({
      method: 'POST',
      url: '/api/messages/conversations',
      user: alice,
      payload: { participantId: randomUUID() },
    });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('history', () => {
  it('answers oldest first, page 1 being the most recent messages, by user id or dealer id', async () => {
    const buyer = await server.createUser();
    const { owner, dealer } = await createDealer();
    for (let i = 1; i <= 7; i += 1) {
      const from = i % 2 ? buyer : owner;
      const to = i % 2 ? dealer.id : buyer.id;
      expect((await send(from, { receiverId: to, message: `m${i}`, messageType: 'text' })).statusCode).toBe(
        201,
      );
    }
    const all = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${owner.id}`,
      user: buyer,
    });
    expect(all.statusCode).toBe(200);
    expect(all.data.data).toMatchObject({ page: 1, limit: 50, total: 7 });
    expect(all.data.data.messages.map((m: { message: string }) => m.message)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
    ]);
    expect(all.data.data.conversation.participantId).toBe(owner.id);

    const page1 = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${dealer.id}?limit=3`,
      user: buyer,
    });
    expect(page1.data.data.messages.map((m: { message: string }) => m.message)).toEqual(['m5', 'm6', 'm7']);
    const page3 = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${dealer.id}?limit=3&page=3`,
      user: buyer,
    });
    expect(page3.data.data.messages.map((m: { message: string }) => m.message)).toEqual(['m1']);

    const fromDealer = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${buyer.id}`,
      user: owner,
    });
    expect(fromDealer.data.data.total).toBe(7);
  });

  it('answers an empty history with someone not yet written to, and 404 for nobody', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const empty = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${bob.id}`,
      user: alice,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.data.data).toEqual({ messages: [], page: 1, limit: 50, total: 0, conversation: null });
    const nobody = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${randomUUID()}`,
      user: alice,
    });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('read state', () => {
  it('lets only the receiver mark a message read, and the sender then sees it read', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const sent = await send(alice, { receiverId: bob.id, message: 'Read me', messageType: 'text' });
    const id = sent.data.data.message.id;
    const bySender = await server.call({ method: 'PUT', url: `/api/messages/${id}/read`, user: alice });
    expect(bySender.statusCode).toBe(404);
    const byStranger = await server.call({
      method: 'PUT',
      url: `/api/messages/${id}/read`,
      user: await server.createUser(),
    });
    expect(byStranger.statusCode).toBe(404);
    expect(
      (await server.call({ method: 'PUT', url: `/api/messages/${randomUUID()}/read`, user: bob })).statusCode,
    ).toBe(404);
    expect((await server.call({ method: 'PUT', url: `/api/messages/${id}/read` })).statusCode).toBe(401);

    const unreadBefore = await server.call({ method: 'GET', url: '/api/messages/unread-count', user: bob });
    expect(unreadBefore.data.data).toEqual({ unreadCount: 1 });

    const res = await server.call({ method: 'PUT', url: `/api/messages/${id}/read`, user: bob });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.message).toMatchObject({ id, isRead: true });
    expect(res.data.data.message.readAt).toBeTruthy();
    const twice = await server.call({ method: 'PUT', url: `/api/messages/${id}/read`, user: bob });
    expect(twice.statusCode).toBe(200);

    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${bob.id}`,
      user: alice,
    });
    expect(history.data.data.messages[0]).toMatchObject({ id, isRead: true });
    const unread = await server.call({ method: 'GET', url: '/api/messages/unread-count', user: bob });
    expect(unread.data.data).toEqual({ unreadCount: 0 });
  });

  it('marks a whole conversation read for the caller and keeps totals per user', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const carol = await server.createUser();
    for (const text of ['one', 'two', 'three'])
      await send(alice, { receiverId: bob.id, message: text, messageType: 'text' });
    await send(carol, { receiverId: bob.id, message: 'from carol', messageType: 'text' });
    await send(bob, { receiverId: alice.id, message: 'reply', messageType: 'text' });

    expect(
      (await server.call({ method: 'GET', url: '/api/messages/unread-count', user: bob })).data.data
        .unreadCount,
    ).toBe(4);
    expect(
      (await server.call({ method: 'GET', url: '/api/messages/unread-count', user: alice })).data.data
        .unreadCount,
    ).toBe(1);
    const conversationId = (
      await server.call({ method: 'GET', url: `/api/messages/conversations/${alice.id}`, user: bob })
    ).data.data.conversation.id;
    const perConversation = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${conversationId}/unread-count`,
      user: bob,
    });
    expect(perConversation.data.data).toEqual({ conversationId, unreadCount: 3 });

    const res = await server.call({
      method: 'PUT',
      url: `/api/messages/conversations/${conversationId}/read`,
      user: bob,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ conversationId, markedCount: 3, unreadCount: 1 });
    expect(res.data.data.messageIds).toHaveLength(3);
    // Bob's reply to Alice stays unread for Alice.
    expect(
      (await server.call({ method: 'GET', url: '/api/messages/unread-count', user: alice })).data.data
        .unreadCount,
    ).toBe(1);
    const again = await server.call({
      method: 'PUT',
      url: `/api/messages/conversations/${conversationId}/read`,
      user: bob,
    });
    expect(again.data.data).toMatchObject({ markedCount: 0, readAt: null });
  });
});

describe('cross-user matrix', () => {
  it('keeps a third user out of a conversation: no history, marking, unread count, report or sending into it', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const mallory = await server.createUser();
    const sent = await send(alice, { receiverId: bob.id, message: 'private', messageType: 'text' });
    const { id: messageId, conversationId } = sent.data.data.message;
    const aliceFile = await uploaded(alice.id, conversationId, 'jpg', 'image/jpeg');

    const attempts = [
      { method: 'GET', url: `/api/messages/conversations/${conversationId}` },
      { method: 'PUT', url: `/api/messages/conversations/${conversationId}/read` },
      { method: 'PUT', url: `/api/messages/${messageId}/read` },
      { method: 'GET', url: `/api/messages/conversations/${conversationId}/unread-count` },
      {
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}/report`,
        payload: { reason: 'spam' },
      },
    ] as const;
    // Another customer, another dealer and an admin alike: private messages are the participants' only.
    const intruders = [
      mallory,
      (await createDealer('Other Motors')).owner,
      await server.createUser({ role: 'admin' }),
    ];
    for (const intruder of intruders) {
      for (const attempt of attempts) {
        const res = await server.call({ ...attempt, user: intruder });
        expect(res.statusCode, `${intruder.role} ${attempt.method} ${attempt.url}`).toBe(404);
      }
    }
    // Sending with Alice's file names Mallory's own conversation with Bob, never Alice's.
    const into = await send(mallory, { receiverId: bob.id, attachments: [aliceFile], messageType: 'image' });
    expect(into.statusCode).toBe(400);
    // A conversation id is not a person: nothing can be sent "to" it.
    const toConversation = await send(mallory, {
      receiverId: conversationId,
      message: 'hi',
      messageType: 'text',
    });
    expect(toConversation.statusCode).toBe(404);

    const rows = await server.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isRead: false, senderId: alice.id });
    expect(
      await server.ctx.db.select().from(reports).where(eq(reports.conversationId, conversationId)),
    ).toEqual([]);
    const bobUnread = await server.call({ method: 'GET', url: '/api/messages/unread-count', user: bob });
    expect(bobUnread.data.data.unreadCount).toBe(1);
    const malloryList = await server.call({
      method: 'GET',
      url: '/api/messages/conversations',
      user: mallory,
    });
    expect(malloryList.data.data.total).toBe(0);
  });
});

describe('reports', () => {
  it('stores a report against the other participant', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const sent = await send(bob, {
      receiverId: alice.id,
      message: 'Send the deposit first',
      messageType: 'text',
    });
    const { conversationId } = sent.data.data.message;
    const bad = await server.call({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/report`,
      user: alice,
      payload: { reason: '   ' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await server.call({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/report`,
      user: alice,
      payload: { reason: ' Asked for money up front ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.data.report).toMatchObject({
      conversationId,
      reportedUserId: bob.id,
      reason: 'Asked for money up front',
    });
    const rows = await server.ctx.db.select().from(reports).where(eq(reports.conversationId, conversationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: alice.id, reportedUserId: bob.id });
  });
});

describe('conversation list cost', () => {
  /** Counts the statements a service builds, by watching the query builders it asks the database for. */
  function countingDatabase(db: Database): { db: Database; count: () => number } {
    let built = 0;
    const builders = new Set([
      'select',
      'selectDistinct',
      'selectDistinctOn',
      'insert',
      'update',
      'delete',
      'execute',
    ]);
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && builders.has(prop)) built += 1;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    return { db: proxy, count: () => built };
  }

  it('uses the same number of statements for a page of 2 conversations as for a page of 20', async () => {
    const viewer = await server.createUser();
    const { owner, dealer } = await createDealer();
    for (let i = 0; i < 20; i += 1) {
      const other = i === 0 ? owner : await server.createUser();
      // Each sender's own car: only a car of one of the two may be attached.
      const car = await createCar(other.id, i === 0 ? dealer.id : null);
      await send(other, { receiverId: viewer.id, message: `hello ${i}`, messageType: 'text', carId: car.id });
    }
    const counting = countingDatabase(server.ctx.db);
    const service = new MessagingService({
      repo: new MessagingRepository(counting.db),
      idempotency: new IdempotencyService(
        counting.db,
        new IdempotencyRepository(counting.db),
        () => new Date(),
      ),
      events: new MessageEventHub(server.ctx.database),
      cars: new CarRepository(counting.db),
      media: server.config,
      links: server.ctx.privateMedia,
      now: () => new Date(),
    });
    // The statements a repository prepares once per database are built on its first use: warm it up first.
    await service.conversations(viewer.id, 1, 1);
    const warm = counting.count();
    const small = await service.conversations(viewer.id, 1, 2);
    const smallCount = counting.count() - warm;
    const large = await service.conversations(viewer.id, 1, 20);
    const largeCount = counting.count() - warm - smallCount;
    expect(small.conversations).toHaveLength(2);
    expect(large.conversations).toHaveLength(20);
    expect(large.conversations.every((c) => c.car !== null && c.lastMessage !== null)).toBe(true);
    // The page's statement with its two lateral reads, and the cars; the people are read by a statement the
    // repository prepared during the warm-up, which is one statement whatever the page size.
    expect(smallCount).toBeGreaterThanOrEqual(4);
    expect(largeCount).toBe(smallCount);
    expect(largeCount).toBeLessThanOrEqual(8);
  });
});

describe('api documentation', () => {
  it('lists the messaging routes in the OpenAPI document', async () => {
    const res = await server.call({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.data.paths);
    for (const path of [
      '/api/messages/send',
      '/api/messages/conversations',
      '/api/messages/conversations/{userId}',
      '/api/messages/{id}/read',
      '/api/messages/conversations/{id}/read',
      '/api/messages/unread-count',
      '/api/messages/conversations/{id}/unread-count',
      '/api/messages/conversations/{id}/report',
      '/api/messages/stream',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
