import { defaultNotificationSettings } from '@autoreel/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, users } from '../src/db/schema/index.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const url = '/api/account/notification-settings';

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('notification settings', () => {
  it('answers the defaults before any are saved: push for every kind, WhatsApp for messages, no quiet hours', async () => {
    const user = await server.createUser();
    const res = await server.call({ method: 'GET', url, user });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toEqual(defaultNotificationSettings());
    expect(res.data.data.channels.message).toEqual({ push: true, whatsapp: true });
    expect(res.data.data.channels.price_drop).toEqual({ push: true, whatsapp: false });
  });

  it('keeps what an account saves, and each account reads and writes only its own', async () => {
    const owner = await server.createUser();
    const other = await server.createUser();
    const settings = defaultNotificationSettings();
    settings.channels.comment_reply.push = false;
    settings.channels.message.whatsapp = false;
    settings.quietHours = { start: '22:30', end: '06:00' };
    settings.timeZone = 'Africa/Johannesburg';
    const put = await server.call({ method: 'PUT', url, user: owner, payload: settings });
    expect(put.statusCode).toBe(200);
    expect(put.data.data).toEqual(settings);
    expect((await server.call({ method: 'GET', url, user: owner })).data.data).toEqual(settings);
    // The path names no account: another caller's GET and PUT act on their own settings only.
    expect((await server.call({ method: 'GET', url, user: other })).data.data).toEqual(
      defaultNotificationSettings(),
    );
    const quiet = { ...defaultNotificationSettings(), quietHours: { start: '12:00', end: '13:00' } };
    expect((await server.call({ method: 'PUT', url, user: other, payload: quiet })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url, user: owner })).data.data).toEqual(settings);
  });

  it('refuses callers without a session', async () => {
    expect((await server.call({ method: 'GET', url })).statusCode).toBe(401);
    const put = await server.call({ method: 'PUT', url, payload: defaultNotificationSettings() });
    expect(put.statusCode).toBe(401);
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['a time zone that is not a name', { timeZone: '../../etc/passwd' }],
    ['a time that is not HH:MM', { quietHours: { start: '7pm', end: '06:00' } }],
    ['quiet hours that end when they start', { quietHours: { start: '22:00', end: '22:00' } }],
    [
      'an unknown kind',
      { channels: { ...defaultNotificationSettings().channels, birthday: { push: true, whatsapp: false } } },
    ],
    [
      'WhatsApp for a kind it does not carry',
      {
        channels: { ...defaultNotificationSettings().channels, price_drop: { push: true, whatsapp: true } },
      },
    ],
    ['a kind left out', { channels: { message: { push: true, whatsapp: true } } }],
  ])('refuses %s with 400 and keeps what was saved', async (_name, change) => {
    const user = await server.createUser();
    const res = await server.call({
      method: 'PUT',
      url,
      user,
      payload: { ...defaultNotificationSettings(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.data.success).toBe(false);
    expect((await server.call({ method: 'GET', url, user })).data.data).toEqual(
      defaultNotificationSettings(),
    );
  });

  it('goes with the account', async () => {
    const user = await server.createUser();
    await server.call({
      method: 'PUT',
      url,
      user,
      payload: { ...defaultNotificationSettings(), timeZone: 'UTC' },
    });
    await server.ctx.db.delete(users).where(eq(users.id, user.id));
    const left = await server.ctx.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    expect(left).toHaveLength(0);
  });
});
