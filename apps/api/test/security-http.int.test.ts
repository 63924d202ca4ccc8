import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { comments, feedback, mediaObjects, users } from '../src/db/schema/index.ts';
import { requireUser } from '../src/plugins/auth.ts';
import { createTestDatabase, createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, insertConversation, PNG_1X1 } from './support/fixtures.ts';

/**
 * Issue 14, findings 6, 7 and 12: malformed multipart gave 500; framework errors (a long id, an undecodable URL, a
 * URL over 16 KB) left the envelope; error logs carried SQL parameter values and trusted a client's x-request-id.
 */
let server: TestServer;
let user: TestUser;
let conversation: string;
let carId: string;

beforeAll(async () => {
  server = await createTestServer();
  user = await server.createUser({ name: 'Sender' });
  const other = await server.createUser({ name: 'Receiver' });
  conversation = await insertConversation(server.ctx, user.id, other.id);
  carId = await insertCar(server.ctx, other.id);
});
afterAll(() => server.close());

function expectEnvelope(res: { statusCode: number; data: unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.data).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
}

const mediaCount = async () => (await server.ctx.db.select().from(mediaObjects)).length;

describe('malformed multipart', () => {
  const folderPart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nconversations/${conversation}/media\r\n`;
  const cases: [string, string, string | Buffer][] = [
    ['no boundary', 'multipart/form-data', 'hello'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'hello'],
    ['a garbage body', 'multipart/form-data; boundary=abc', Buffer.from([0, 255, 1, 2, 3, 13, 10, 45, 45])],
    [
      'a body cut before its first part ends',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="folder"\r\n\r\ncars/x',
    ],
    [
      'a file cut in the middle',
      'multipart/form-data; boundary=abc',
      Buffer.concat([
        Buffer.from(
          `${folderPart('abc')}--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        PNG_1X1,
        Buffer.alloc(70_000),
      ]),
    ],
  ];
  it.each(cases)(
    'answers 400 in the envelope for %s, and stores nothing',
    async (_name, contentType, payload) => {
      const before = await mediaCount();
      const res = await server.call({
        method: 'POST',
        url: '/api/media/upload',
        user,
        headers: { 'content-type': contentType },
        payload,
      });
      expectEnvelope(res, 400);
      expect(await mediaCount()).toBe(before);
    },
  );
});

describe('framework errors in the envelope', () => {
  const long = 'a'.repeat(300);
  it.each([
    ['GET', `/api/cars/${long}`],
    ['GET', `/api/dealers/${long}`],
    ['POST', `/api/cars/${long}/like`],
    ['GET', `/api/messages/conversations/${long}`],
    ['DELETE', `/api/cars/${long}`],
  ] as const)('answers 404 for an id longer than the router keeps: %s %s', async (method, url) => {
    const res = await server.call({ method, url, user });
    expectEnvelope(res, 404);
  });

  it('answers 400 for a URL that does not decode', async () => {
    expectEnvelope(await server.call({ method: 'GET', url: '/api/cars/%E0%A4%A' }), 400);
    expectEnvelope(await server.call({ method: 'GET', url: `/api/cars/${carId}%zz` }), 400);
  });

  describe('on a listening server', () => {
    let port = 0;
    beforeAll(async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      port = (server.app.server.address() as AddressInfo).port;
    });

    /** Sends raw bytes (what fetch refuses to send) and reads the whole answer until the server closes. */
    async function raw(request: string): Promise<{ status: number; body: any; head: string }> {
      const socket = new Socket();
      await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.on('error', () => undefined);
      socket.write(request);
      await closed;
      const [head = '', body = ''] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body), head };
    }

    it('answers 431 in the envelope for a URL over 16 KB', async () => {
      const res = await raw(
        `GET /api/cars?search=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(res.body).toMatchObject({
        success: false,
        error: expect.any(String),
        message: expect.any(String),
      });
    });

    it('answers 400 in the envelope for a URL that does not decode, and for a request it cannot parse', async () => {
      const bad = await raw(
        'GET /api/cars/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      );
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false });
      const garbage = await raw('NOT AN HTTP REQUEST\r\n\r\n');
      expect(garbage.status).toBe(400);
      expect(garbage.body).toMatchObject({ success: false });
    });
  });
});

const FEEDBACK_ROW = {
  name: 'Racing User',
  email: 'racing@example.com',
  category: 'general',
  subject: 'Raced',
  message: 'Written as the account went.',
  source: 'web',
};

describe('logs, and failures no handler foresees', () => {
  let app: FastifyInstance;
  let lines: Record<string, any>[];
  let drop: () => Promise<void>;
  let ctx: AppContext;

  beforeAll(async () => {
    lines = [];
    const database = await createTestDatabase();
    drop = () => database.drop();
    const config = {
      ...loadConfig({}),
      storefrontDir: undefined,
      dataDir: `/tmp/autoreel-test-${randomBytes(6).toString('hex')}`,
      logLevel: 'info',
    };
    ctx = createContext(config, database.handle, randomBytes(32).toString('hex'));
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(ctx, { logStream });
    // A statement that fails in a way no handler foresees (a duplicate phone), with personal data as parameters.
    app.get('/test-only/failing-statement', async () => {
      const values = { name: 'Secret Sibusiso', phone: '+26876999111', passwordHash: 'x' };
      await ctx.db.insert(users).values(values);
      await ctx.db.insert(users).values(values);
      return { ok: true };
    });
    // The caller's account goes between the token check and the write (a deletion in another request).
    app.post('/test-only/write-after-account-deleted', async (request) => {
      const caller = requireUser(request);
      await ctx.db.delete(users).where(eq(users.id, caller.id));
      await ctx.db.insert(feedback).values({ ...FEEDBACK_ROW, userId: caller.id });
      return { ok: true };
    });
    // A row that refers to a car deleted meanwhile.
    app.post('/test-only/write-about-a-gone-car', async (request) => {
      const caller = requireUser(request);
      await ctx.db
        .insert(comments)
        .values({ carId: randomUUID(), userId: caller.id, comment: 'Still for sale?' });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('logs a failed statement with its SQL but without its parameter values, in a 500 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/test-only/failing-statement' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('Secret Sibusiso');
    expect(logged).not.toContain('26876999111');
    expect(logged).not.toContain('params');
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure?.err?.cause?.code).toBe('23505');
  });

  it('makes its own request id and never takes the client’s', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged-id-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'forged-id-42' },
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('forged-id-42');
    expect(lines.filter((line) => line.reqId).every((line) => /^[0-9a-f-]{36}$/.test(line.reqId))).toBe(true);
  });

  it('answers 401, not 500, when the caller’s account is deleted between the token check and the write', async () => {
    const [row] = await ctx.db
      .insert(users)
      .values({ name: 'Racing', phone: '+26876999222', passwordHash: 'x' })
      .returning({ id: users.id });
    const token = await ctx.tokens.sign({ id: row!.id, role: 'customer' });
    const authorization = `Bearer ${token}`;
    const gone = await app.inject({
      method: 'POST',
      url: '/test-only/write-after-account-deleted',
      headers: { authorization },
    });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ success: false, error: 'Invalid or expired token' });
    expect(await ctx.db.select().from(feedback).where(eq(feedback.userId, row!.id))).toEqual([]);

    const [other] = await ctx.db
      .insert(users)
      .values({ name: 'Commenter', phone: '+26876999333', passwordHash: 'x' })
      .returning({ id: users.id });
    const stale = await app.inject({
      method: 'POST',
      url: '/test-only/write-about-a-gone-car',
      headers: { authorization: `Bearer ${await ctx.tokens.sign({ id: other!.id, role: 'customer' })}` },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, error: 'What this refers to no longer exists' });
  });

  it('keeps a database error’s detail (which names the values) out of the log', async () => {
    const res = await app.inject({ method: 'GET', url: '/test-only/failing-statement' });
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(lines)).not.toMatch(/Key \(phone\)/);
  });
});
