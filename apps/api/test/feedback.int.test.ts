import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/context.ts';
import { feedback } from '../src/db/schema/index.ts';
import { retryDelayMs, MAX_RETRY_DELAY_MS } from '../src/feedback/feedback-delivery.service.ts';
import { createTestServer, type TestServer } from './harness.ts';

const valid = {
  category: 'bug',
  name: 'Thandi',
  email: 'thandi@example.com',
  subject: 'Video does not play',
  message: 'The feed video stays black on my phone.',
  rating: 3,
  canContact: true,
};

interface Received {
  body: any;
  headers: IncomingHttpHeaders;
}

/** A real webhook receiver on 127.0.0.1 answering each request with the next status of `statuses`. */
async function startWebhook(statuses: number[]): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const queue = [...statuses];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers });
      const status = queue.length > 1 ? queue.shift()! : (queue[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address where nothing listens: connections are refused at once. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function feedbackRow(server: TestServer, id: string) {
  const [row] = await server.ctx.db.select().from(feedback).where(eq(feedback.id, id));
  return row!;
}

describe('feedback form', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const send = (payload: object, extra: { user?: any; headers?: Record<string, string> } = {}) =>
    server.call({ method: 'POST', url: '/api/feedback', payload, ...extra });

  it('stores anonymous feedback and answers 201 with its id', async () => {
    const res = await send({ ...valid, name: '  Thandi  ' });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ success: true, data: { id: expect.any(String) } });
    const row = await feedbackRow(server, res.data.data.id);
    expect(row).toMatchObject({
      userId: null,
      name: 'Thandi',
      email: 'thandi@example.com',
      category: 'bug',
      subject: 'Video does not play',
      message: 'The feed video stays black on my phone.',
      rating: 3,
      canContact: true,
      userInfo: null,
      source: 'web',
      deliveredAt: null,
      deliveryAttempts: 0,
    });
  });

  it('stores the signed-in user as userInfo and the client source', async () => {
    const user = await server.createUser({ name: 'Sipho Dlamini', role: 'dealer' });
    const res = await send(
      { ...valid, rating: undefined, canContact: undefined },
      { user, headers: { 'x-client-source': 'desktop' } },
    );
    expect(res.statusCode).toBe(201);
    const row = await feedbackRow(server, res.data.data.id);
    expect(row.userId).toBe(user.id);
    expect(row.userInfo).toEqual({
      name: 'Sipho Dlamini',
      phone: user.phone,
      role: 'dealer',
      accountCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(row.source).toBe('desktop');
    expect(row.rating).toBeNull();
    expect(row.canContact).toBe(false);

    const other = await send(valid, { headers: { 'x-client-source': 'toaster' } });
    expect((await feedbackRow(server, other.data.data.id)).source).toBe('web');
  });

  it('accepts rating 0 (not rated) through 5', async () => {
    for (const rating of [0, 5]) {
      const res = await send({ ...valid, rating });
      expect(res.statusCode).toBe(201);
    }
  });

  it('rejects each missing or invalid field with 400 and stores nothing', async () => {
    const before = (await server.ctx.db.select().from(feedback)).length;
    const cases: [object, string][] = [
      [{ ...valid, category: undefined }, 'category'],
      [{ ...valid, category: 'complaint' }, 'category'],
      [{ ...valid, name: undefined }, 'name'],
      [{ ...valid, name: '   ' }, 'name'],
      [{ ...valid, email: undefined }, 'email'],
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, subject: '' }, 'subject'],
      [{ ...valid, subject: undefined }, 'subject'],
      [{ ...valid, message: ' ' }, 'message'],
      [{ ...valid, message: undefined }, 'message'],
      [{ ...valid, rating: 6 }, 'rating'],
      [{ ...valid, rating: -1 }, 'rating'],
      [{ ...valid, rating: 2.5 }, 'rating'],
      [{ ...valid, canContact: 'yes' }, 'canContact'],
      [{ ...valid, message: 'a\u0000b' }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.data.success).toBe(false);
      expect(res.data.errors.map((e: any) => e.field)).toContain(field);
    }
    const after = (await server.ctx.db.select().from(feedback)).length;
    expect(after).toBe(before);
  });

  it('limits feedback per user to 10 an hour with 429 and Retry-After', async () => {
    const user = await server.createUser({ name: 'Chatty' });
    for (let i = 0; i < 10; i += 1) {
      const res = await send(valid, { user });
      expect(res.statusCode).toBe(201);
    }
    const limited = await send(valid, { user });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await server.ctx.db.select().from(feedback).where(eq(feedback.userId, user.id));
    expect(rows).toHaveLength(10);
    // Someone else is not affected.
    const other = await server.createUser({ name: 'Quiet' });
    expect((await send(valid, { user: other })).statusCode).toBe(201);
  });
});

describe('anonymous feedback limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('limits anonymous feedback per network address', async () => {
    const from = (remoteAddress: string) =>
      server.call({ method: 'POST', url: '/api/feedback', payload: valid, remoteAddress });
    for (let i = 0; i < 10; i += 1) expect((await from('192.0.2.10')).statusCode).toBe(201);
    const limited = await from('192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.data.error).toMatch(/try again later/);
    expect((await from('192.0.2.11')).statusCode).toBe(201);
    expect(await server.ctx.db.select().from(feedback)).toHaveLength(11);
  });
});

describe('retry delays', () => {
  it('doubles from the base delay and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000)).toBe(MAX_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(60 * 60 * 1000);
  });
});

describe('webhook delivery', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('retries a failing webhook until it accepts, then marks the feedback delivered', async () => {
    const hook = await startWebhook([500, 500, 200]);
    cleanups.push(() => hook.close());
    const server = await createTestServer({
      config: { feedbackWebhookUrl: hook.url, feedbackRetryBaseMs: 20 },
    });
    cleanups.push(() => server.close());
    const user = await server.createUser({ name: 'Nomsa', role: 'customer' });

    const started = Date.now();
    const res = await server.call({
      method: 'POST',
      url: '/api/feedback',
      user,
      payload: valid,
      headers: { 'x-client-source': 'web' },
    });
    expect(res.statusCode).toBe(201);
    // The answer never waits for the webhook.
    expect(Date.now() - started).toBeLessThan(2000);
    const id = res.data.data.id;

    const row = await waitFor(
      () => feedbackRow(server, id),
      (r) => r.deliveredAt !== null,
    );
    expect(row.deliveryAttempts).toBe(3);
    expect(row.lastError).toBeNull();
    expect(row.nextAttemptAt).toBeNull();
    expect(hook.received).toHaveLength(3);
    const last = hook.received[2]!;
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['idempotency-key']).toBe(id);
    expect(last.body).toEqual({
      id,
      category: 'bug',
      name: 'Thandi',
      email: 'thandi@example.com',
      subject: 'Video does not play',
      message: 'The feed video stays black on my phone.',
      rating: 3,
      canContact: true,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      userInfo: {
        name: 'Nomsa',
        phone: user.phone,
        role: 'customer',
        accountCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      source: 'web',
    });
    expect(hook.received[0]!.body).toEqual(last.body);
  });

  it('loses nothing while the webhook is down and delivers it after a restart', async () => {
    const server = await createTestServer({
      config: { feedbackWebhookUrl: await deadUrl(), feedbackRetryBaseMs: 10 },
    });
    cleanups.push(() => server.close());
    const ids: string[] = [];
    for (const subject of ['one', 'two']) {
      const res = await server.call({ method: 'POST', url: '/api/feedback', payload: { ...valid, subject } });
      expect(res.statusCode).toBe(201);
      ids.push(res.data.data.id);
    }
    for (const id of ids) {
      const row = await waitFor(
        () => feedbackRow(server, id),
        (r) => r.deliveryAttempts >= 2,
      );
      expect(row.deliveredAt).toBeNull();
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt).not.toBeNull();
    }

    // Stop this server's deliverer (as a shutdown would), then start another process over the same database
    // with a working webhook: the pending feedback goes out.
    await server.app.close();
    const hook = await startWebhook([200]);
    cleanups.push(() => hook.close());
    const config = { ...server.config, feedbackWebhookUrl: hook.url, feedbackRetryBaseMs: 10 };
    const ctx = createContext(config, server.ctx.database, randomBytes(32).toString('hex'));
    const restarted = await buildApp(ctx);
    await restarted.ready();
    cleanups.push(() => restarted.close());

    for (const id of ids) {
      const row = await waitFor(
        () => feedbackRow(server, id),
        (r) => r.deliveredAt !== null,
      );
      expect(row.deliveryAttempts).toBeGreaterThanOrEqual(3);
    }
    expect(hook.received.map((r) => r.body.subject).sort()).toEqual(['one', 'two']);
  });

  it('stops on close without waiting for a hanging webhook, handing the row back undelivered', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    // Accepts the request and never answers.
    const hanging = createServer(() => arrived());
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          hanging.closeAllConnections();
          hanging.close(() => resolve());
        }),
    );
    const { port } = hanging.address() as AddressInfo;
    const server = await createTestServer({
      config: { feedbackWebhookUrl: `http://127.0.0.1:${port}/hook` },
    });
    cleanups.push(() => server.close());
    const res = await server.call({ method: 'POST', url: '/api/feedback', payload: valid });
    await requestArrived;

    const started = Date.now();
    await server.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await feedbackRow(server, res.data.data.id);
    expect(row.deliveredAt).toBeNull();
    expect(row.deliveryAttempts).toBe(0);
    // Handed back for the next start rather than held for the 60 s lease.
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('stores but never sends feedback when the webhook address is malformed', async () => {
    const server = await createTestServer({ config: { feedbackWebhookUrl: 'ftp://example.invalid/hook' } });
    cleanups.push(() => server.close());
    const res = await server.call({ method: 'POST', url: '/api/feedback', payload: valid });
    expect(res.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 100));
    expect(await feedbackRow(server, res.data.data.id)).toMatchObject({
      deliveredAt: null,
      deliveryAttempts: 0,
    });
  });

  it('keeps feedback stored and undelivered while no webhook is configured', async () => {
    const server = await createTestServer();
    cleanups.push(() => server.close());
    const res = await server.call({ method: 'POST', url: '/api/feedback', payload: valid });
    expect(res.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 100));
    const row = await feedbackRow(server, res.data.data.id);
    expect(row).toMatchObject({ deliveredAt: null, deliveryAttempts: 0 });
  });
});
