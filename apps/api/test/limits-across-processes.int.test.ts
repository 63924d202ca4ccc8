import { randomBytes, randomInt } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LIMITS } from '../src/plugins/write-limits.ts';
import { LOGIN_LIMITS } from '../src/accounts/login-throttle.ts';
import { DEFAULT_OTP_LIMITS } from '../src/accounts/otp.service.ts';
import { createTestDatabase, nextTestPhone, TEST_DIALECT } from './harness.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';

/**
 * Two real API processes on one Postgres act as one: a limit reached through one is reached for both, whichever
 * answers. Run with the counters in the database, and in Redis when a Redis server is reachable.
 */
const REDIS_URL = process.env['AUTOREEL_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

async function reachable(address: string): Promise<boolean> {
  const { hostname, port } = new URL(address);
  const socket = new Socket();
  const connected = await new Promise<boolean>((resolve) => {
    socket.setTimeout(500, () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => resolve(true));
  });
  socket.destroy();
  return connected;
}
const redisReachable = TEST_DIALECT === 'postgres' && (await reachable(REDIS_URL));

/** Addresses drawn at random, so counters a Redis server kept from an earlier run never meet this one's. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  data: any;
}

async function call(
  server: ApiProcess,
  method: string,
  path: string,
  options: { body?: unknown; ip?: string; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const res = await fetch(server.url(path), {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), data: await res.json() };
}

/** A verified account made through the real sign-up round trip; the dev outbox is read from loopback. */
async function signUp(server: ApiProcess, password: string) {
  const phone = nextTestPhone();
  const ip = randomIp();
  const signup = await call(server, 'POST', '/api/auth/signup', {
    body: { name: 'Two Process', phone, password },
    ip,
  });
  expect(signup.status).toBe(201);
  const outbox = await call(server, 'GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  const otp = outbox.data.data.messages[0].code as string;
  const verified = await call(server, 'POST', '/api/auth/verify-signup', { body: { phone, otp }, ip });
  expect(verified.status).toBe(200);
  return {
    phone,
    password,
    ip,
    id: verified.data.data.user.id as string,
    token: verified.data.data.accessToken as string,
  };
}

const stores = [
  { store: 'the database', env: {} as Record<string, string>, skip: false },
  { store: 'Redis', env: { REDIS_URL }, skip: !redisReachable },
];

describe.skipIf(TEST_DIALECT !== 'postgres')('two API processes on one Postgres', () => {
  describe.each(stores)('with the counters in $store', { timeout: 300_000 }, ({ env, skip }) => {
    let drop: () => Promise<void>;
    let first: ApiProcess;
    let second: ApiProcess;
    /** The process that answers the n-th request: they take turns. */
    const either = (n: number) => (n % 2 === 0 ? first : second);

    beforeAll(async () => {
      if (skip) return;
      const database = await createTestDatabase();
      drop = () => database.drop();
      const shared = {
        DATABASE_URL: database.url ?? '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      };
      // One after the other: the first applies the migrations.
      first = await startApiProcess(shared);
      second = await startApiProcess(shared);
    });
    afterAll(async () => {
      if (skip) return;
      await Promise.all([first.stop(), second.stop()]);
      await drop();
    });

    it.skipIf(skip)(
      'refuses the 4th code for one phone in the window, whichever process answers',
      async () => {
        const phone = nextTestPhone();
        const max = DEFAULT_OTP_LIMITS.perPhone.max;
        for (let n = 0; n < max; n += 1) {
          const sent = await call(either(n), 'POST', '/api/auth/forgot-password', {
            body: { phone },
            ip: randomIp(),
          });
          expect(sent.status).toBe(200);
        }
        for (const server of [first, second]) {
          const refused = await call(server, 'POST', '/api/auth/forgot-password', {
            body: { phone },
            ip: randomIp(),
          });
          expect(refused.status).toBe(429);
          expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        }
      },
    );

    it.skipIf(skip)('counts wrong passwords from one address across both processes', async () => {
      const owner = await signUp(first, 'owner-pass-123');
      const attacker = randomIp();
      const guess = (n: number) =>
        call(either(n), 'POST', '/api/auth/login', {
          body: { phone: owner.phone, password: 'guess-pass-1' },
          ip: attacker,
        });
      const answers = await Promise.all(
        Array.from({ length: 2 * LOGIN_LIMITS.perAccountAddress.points }, (_, n) => guess(n)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAccountAddress.points);
      expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_LIMITS.perAccountAddress.points);
      for (const server of [first, second]) {
        const body = { phone: owner.phone, password: owner.password };
        expect((await call(server, 'POST', '/api/auth/login', { body, ip: attacker })).status).toBe(429);
        expect((await call(server, 'POST', '/api/auth/login', { body, ip: owner.ip })).status).toBe(200);
      }
    });

    it.skipIf(skip)('holds the message limit across both processes', async () => {
      const sender = await signUp(first, 'sender-pass-123');
      const receiver = await signUp(second, 'receiver-pass-123');
      const send = (n: number) =>
        call(either(n), 'POST', '/api/messages/send', {
          body: { receiverId: receiver.id, message: `Hello ${n}`, messageType: 'text' },
          token: sender.token,
        });
      const max = WRITE_LIMITS.message.points;
      const answers: number[] = [];
      for (let n = 0; n < max; n += 1) answers.push((await send(n)).status);
      expect(answers.every((status) => status === 201)).toBe(true);
      for (const n of [0, 1]) {
        const refused = await send(n);
        expect(refused.status).toBe(429);
        expect(refused.data).toMatchObject({ success: false, error: WRITE_LIMITS.message.message });
      }
    });
  });
});
