import { Agent } from 'node:https';
import { defaultNotificationSettings } from '@autoreel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveVapidKeys } from '../src/config/secrets.ts';
import type { OutgoingNotification } from '../src/notifications/channels/channel.ts';
import { WebPushChannel } from '../src/notifications/push/push.channel.ts';
import { PushSubscriptionRepository } from '../src/notifications/push/push-subscription.repository.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { startPushReceiver } from './support/push-receiver.ts';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let channel: WebPushChannel;
let subscriptions: PushSubscriptionRepository;
let clock = new Date('2026-06-01T10:00:00Z');

beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await createTestServer({
    config: {
      webPush: {
        publicKey: undefined,
        privateKey: undefined,
        subject: 'mailto:push-test@autoreel.invalid',
        endpointHosts: ['127.0.0.1'],
      },
    },
    now: () => clock,
  });
  const vapid = resolveVapidKeys(server.config);
  if (!vapid) throw new Error('no VAPID keys outside production');
  subscriptions = new PushSubscriptionRepository(server.ctx.db);
  // The server's own push channel, but trusting the receiver's test certificate.
  channel = new WebPushChannel({
    subscriptions,
    settings: server.ctx.notificationSettings,
    vapid: { subject: server.config.webPush.subject, ...vapid },
    agent: new Agent({ ca: receiver.certificate }),
  });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

function notification(user: TestUser, overrides: Partial<OutgoingNotification> = {}): OutgoingNotification {
  return {
    id: crypto.randomUUID(),
    userId: user.id,
    kind: 'message',
    title: 'New message from Thabo',
    body: 'Is the Hilux still available?',
    link: `/messages/${crypto.randomUUID()}`,
    createdAt: clock,
    ...overrides,
  };
}

async function subscribe(user: TestUser) {
  const device = receiver.newDevice();
  const res = await server.call({ method: 'POST', url: '/api/push-subscriptions', user, payload: device });
  expect(res.statusCode).toBe(201);
  expect(res.data.data).toEqual({ subscribed: true });
  return device;
}

describe('push subscriptions', () => {
  it("gives the server's VAPID public key to anyone, the same after a restart", async () => {
    const res = await server.call({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.data.data.publicKey, 'base64url')).toHaveLength(65);
    expect(resolveVapidKeys(server.config)?.publicKey).toBe(res.data.data.publicKey);
  });

  it('refuses strangers, endpoints off the push services and malformed keys', async () => {
    const device = receiver.newDevice();
    expect(
      (await server.call({ method: 'POST', url: '/api/push-subscriptions', payload: device })).statusCode,
    ).toBe(401);
    const user = await server.createUser();
    const elsewhere = await server.call({
      method: 'POST',
      url: '/api/push-subscriptions',
      user,
      payload: { ...device, endpoint: 'https://10.0.0.5/internal' },
    });
    expect(elsewhere.statusCode).toBe(400);
    const plain = await server.call({
      method: 'POST',
      url: '/api/push-subscriptions',
      user,
      payload: { ...device, endpoint: device.endpoint.replace('https:', 'http:') },
    });
    expect(plain.statusCode).toBe(400);
    const badKey = await server.call({
      method: 'POST',
      url: '/api/push-subscriptions',
      user,
      payload: { ...device, keys: { p256dh: 'short', auth: device.keys.auth } },
    });
    expect(badKey.statusCode).toBe(400);
    expect(await subscriptions.countOf(user.id)).toBe(0);
  });

  it("removes only the caller's own device", async () => {
    const owner = await server.createUser();
    const other = await server.createUser();
    const device = await subscribe(owner);
    const stranger = await server.call({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      user: other,
      payload: { endpoint: device.endpoint },
    });
    expect(stranger.statusCode).toBe(200);
    expect(await subscriptions.countOf(owner.id)).toBe(1);
    const own = await server.call({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      user: owner,
      payload: { endpoint: device.endpoint },
    });
    expect(own.data.data).toEqual({ subscribed: false });
    expect(await subscriptions.countOf(owner.id)).toBe(0);
  });
});

describe('the Web Push channel', () => {
  it('delivers an aes128gcm payload the device decrypts, signed with VAPID, to each device', async () => {
    const user = await server.createUser();
    const phone = await subscribe(user);
    const laptop = await subscribe(user);
    receiver.received.length = 0;
    const sent = notification(user);
    expect(await channel.deliver(sent)).toEqual({ outcome: 'sent' });
    expect(receiver.received.map((push) => push.path).sort()).toEqual(
      [new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort(),
    );
    for (const push of receiver.received) {
      expect(JSON.parse(push.payload)).toEqual({
        id: sent.id,
        kind: 'message',
        title: sent.title,
        body: sent.body,
        link: sent.link,
      });
      expect(push.urgency).toBe('high');
      expect(push.ttl).toBe(String(24 * 60 * 60));
      expect(push.vapid.aud).toBe(receiver.origin);
      expect(push.vapid.sub).toBe('mailto:push-test@autoreel.invalid');
    }
  });

  it('skips a kind the person turned push off for, and defers to the end of quiet hours', async () => {
    const user = await server.createUser();
    await subscribe(user);
    const settings = defaultNotificationSettings();
    settings.channels.price_drop.push = false;
    settings.quietHours = { start: '22:00', end: '07:00' };
    settings.timeZone = 'Africa/Johannesburg';
    const put = await server.call({
      method: 'PUT',
      url: '/api/account/notification-settings',
      user,
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    receiver.received.length = 0;
    expect(await channel.deliver(notification(user, { kind: 'price_drop' }))).toMatchObject({
      outcome: 'skipped',
    });

    // 21:30 UTC is 23:30 in Johannesburg (UTC+2): quiet until 07:00 there, 05:00 UTC.
    clock = new Date('2026-06-01T21:30:00Z');
    try {
      expect(await channel.deliver(notification(user))).toEqual({
        outcome: 'deferred',
        until: new Date('2026-06-02T05:00:00Z'),
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      clock = new Date('2026-06-01T10:00:00Z');
    }
    expect(await channel.deliver(notification(user))).toEqual({ outcome: 'sent' });
    expect(receiver.received).toHaveLength(1);
  });

  it.each([404, 410])('removes a device whose push service answers %i', async (status) => {
    const user = await server.createUser();
    await subscribe(user);
    receiver.status.next = status;
    try {
      expect(await channel.deliver(notification(user))).toMatchObject({ outcome: 'skipped' });
    } finally {
      receiver.status.next = 201;
    }
    expect(await subscriptions.countOf(user.id)).toBe(0);
    expect(await channel.deliver(notification(user))).toEqual({
      outcome: 'skipped',
      reason: 'no device subscribed',
    });
  });

  it('asks for a retry when the push service fails, keeping the device and no address in the error', async () => {
    const user = await server.createUser();
    const device = await subscribe(user);
    receiver.status.next = 500;
    try {
      const failure = await channel.deliver(notification(user)).catch((error: Error) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe('push service answered 500');
      expect((failure as Error).message).not.toContain(new URL(device.endpoint).pathname);
    } finally {
      receiver.status.next = 201;
    }
    expect(await subscriptions.countOf(user.id)).toBe(1);
  });

  it('is one of the channels the server hands notifications to', () => {
    expect(server.ctx.notificationChannels.map((c) => c.name)).toEqual(['push', 'whatsapp']);
  });
});
