import { defaultNotificationSettings } from '@autoreel/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationChannel, OutgoingNotification } from '../src/notifications/channels/channel.ts';
import { chatOfLink } from '../src/notifications/whatsapp/whatsapp.channel.ts';
import { createDealer, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import {
  startWhatsAppStandIn,
  type WhatsAppRequest,
  type WhatsAppStandIn,
} from './support/whatsapp-stand-in.ts';

/** Stands in for graph.facebook.com on 127.0.0.1 and records what it was sent. */
let graph: WhatsAppStandIn;
let received: WhatsAppRequest[];
let server: TestServer;
let whatsapp: NotificationChannel;
let clock = new Date('2026-06-01T10:00:00Z');
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  graph = await startWhatsAppStandIn({ message: 'Service unavailable', code: 2 });
  received = graph.received;
  server = await createTestServer({
    config: {
      otpProvider: 'whatsapp',
      whatsapp: graph.settings,
    },
    now: () => clock,
  });
  const channel = server.ctx.notificationChannels.find((c) => c.name === 'whatsapp');
  if (!channel) throw new Error('no WhatsApp channel');
  whatsapp = channel;
});
afterAll(async () => {
  await server.close();
  await graph.close();
});
beforeEach(() => {
  received.length = 0;
  graph.status = 200;
  clock = new Date(clock.getTime() + minutes(24 * 60));
});

/** A dealer's car and a buyer who wrote about it through the API; the dealer was last in the app 20 minutes ago. */
async function conversation() {
  const dealer = await createDealer(server, { name: 'Lowveld Motors' });
  const carId = await insertCar(server, {
    sellerId: dealer.user.id,
    dealerId: dealer.dealerId,
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
  });
  const buyer = await server.createUser({ name: 'Thabo Dlamini' });
  const sent = await server.call({
    method: 'POST',
    url: '/api/messages/send',
    user: buyer,
    payload: { receiverId: dealer.user.id, carId, message: 'Is it still available?', messageType: 'text' },
  });
  expect(sent.statusCode).toBe(201);
  await server.ctx.notificationSettings.seen(dealer.user.id);
  clock = new Date(clock.getTime() + minutes(20));
  return { seller: dealer.user, buyer, carId };
}

function messageNotification(seller: TestUser, buyer: TestUser, carId: string): OutgoingNotification {
  return {
    id: crypto.randomUUID(),
    userId: seller.id,
    kind: 'message',
    title: `New message from ${buyer.name}`,
    body: 'Is it still available?',
    link: `/messages/${buyer.id}?car=${carId}`,
    createdAt: clock,
  };
}

describe('new messages on WhatsApp', () => {
  it("tells a seller away for over 15 minutes who wrote about which car, through the provider's template", async () => {
    const { seller, buyer, carId } = await conversation();
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({ outcome: 'sent' });
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/v23.0/1234567890/messages');
    expect(received[0]?.authorization).toBe('Bearer test-graph-token');
    expect(received[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: seller.phone.slice(1),
      type: 'template',
      template: {
        name: 'autoreel_new_message',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Thabo Dlamini' },
              { type: 'text', text: '2021' },
              { type: 'text', text: 'Toyota' },
              { type: 'text', text: 'Hilux' },
            ],
          },
        ],
      },
    });
    // Nothing of the buyer's phone and nothing of the message's text leaves.
    expect(JSON.stringify(received[0]?.body)).not.toContain(buyer.phone.slice(1));
    expect(JSON.stringify(received[0]?.body)).not.toContain('still available');
  });

  it('sends nothing to a seller in the app or away for less than 15 minutes', async () => {
    const { seller, buyer, carId } = await conversation();
    await server.ctx.notificationSettings.seen(seller.id);
    clock = new Date(clock.getTime() + minutes(14));
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({
      outcome: 'skipped',
      reason: 'in the app',
    });
    expect(received).toHaveLength(0);
  });

  it('an open live stream keeps the seller present', async () => {
    const { seller, buyer, carId } = await conversation();
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const stream = await fetch(`${address}/api/messages/stream?token=${seller.token}`, {
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      await stream.body?.getReader().read();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toMatchObject({
        outcome: 'skipped',
        reason: 'in the app',
      });
    } finally {
      controller.abort();
    }
    expect(received).toHaveLength(0);
  });

  it('tells a seller at most once per conversation per hour', async () => {
    const { seller, buyer, carId } = await conversation();
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({ outcome: 'sent' });
    clock = new Date(clock.getTime() + minutes(30));
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({
      outcome: 'skipped',
      reason: 'told within the hour',
    });
    // Two deliveries at once (two processes) send one.
    clock = new Date(clock.getTime() + minutes(31));
    const both = await Promise.all([
      whatsapp.deliver(messageNotification(seller, buyer, carId)),
      whatsapp.deliver(messageNotification(seller, buyer, carId)),
    ]);
    expect(both.filter((result) => result.outcome === 'sent')).toHaveLength(1);
    expect(received).toHaveLength(2);
  });

  it('defers to the end of quiet hours in the seller time zone, then sends', async () => {
    const { seller, buyer, carId } = await conversation();
    const settings = defaultNotificationSettings();
    settings.quietHours = { start: '21:00', end: '06:30' };
    settings.timeZone = 'America/New_York';
    expect(
      (
        await server.call({
          method: 'PUT',
          url: '/api/account/notification-settings',
          user: seller,
          payload: settings,
        })
      ).statusCode,
    ).toBe(200);
    // 02:00 UTC in June is 22:00 in New York (UTC-4): quiet until 06:30 there, 10:30 UTC.
    // The next day: later than the seller was last seen.
    const day = new Date(clock.getTime() + minutes(24 * 60)).toISOString().slice(0, 10);
    clock = new Date(`${day}T02:00:00Z`);
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({
      outcome: 'deferred',
      until: new Date(`${day}T10:30:00Z`),
    });
    expect(received).toHaveLength(0);
    clock = new Date(`${day}T10:30:00Z`);
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({ outcome: 'sent' });
  });

  it('skips sellers who turned WhatsApp off, buyers, and other kinds', async () => {
    const { seller, buyer, carId } = await conversation();
    // The buyer is told nothing on WhatsApp about a car that is not theirs.
    expect(
      await whatsapp.deliver({
        ...messageNotification(buyer, seller, carId),
        link: `/messages/${seller.id}?car=${carId}`,
      }),
    ).toEqual({ outcome: 'skipped', reason: 'not the seller' });
    expect(
      await whatsapp.deliver({ ...messageNotification(seller, buyer, carId), kind: 'price_drop' }),
    ).toMatchObject({
      outcome: 'skipped',
    });
    const settings = defaultNotificationSettings();
    settings.channels.message.whatsapp = false;
    await server.call({
      method: 'PUT',
      url: '/api/account/notification-settings',
      user: seller,
      payload: settings,
    });
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({
      outcome: 'skipped',
      reason: 'whatsapp is off for message',
    });
    expect(received).toHaveLength(0);
  });

  it('asks for a retry when the provider fails, and the retry is not throttled', async () => {
    const { seller, buyer, carId } = await conversation();
    graph.status = 503;
    await expect(whatsapp.deliver(messageNotification(seller, buyer, carId))).rejects.toThrow(/503/);
    graph.status = 200;
    expect(await whatsapp.deliver(messageNotification(seller, buyer, carId))).toEqual({ outcome: 'sent' });
    expect(received).toHaveLength(2);
  });

  it('reads the conversation from the chat link', () => {
    const user = crypto.randomUUID();
    const car = crypto.randomUUID();
    expect(chatOfLink(`/messages/${user}?car=${car}`)).toEqual({ senderId: user, carId: car });
    expect(chatOfLink(`/messages/${user}`)).toEqual({ senderId: user, carId: null });
    expect(chatOfLink('/cars/abc')).toBeNull();
  });
});
