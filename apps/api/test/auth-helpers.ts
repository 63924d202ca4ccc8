import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { nextTestPhone, type TestServer } from './harness.ts';

let ipCounter = 0;
/** Each test speaks from its own address so the per-IP send limit of one test never trips another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A clock the tests move forward; it starts at the real time so signed tokens stay within their validity. */
export function testClock() {
  let current = Date.now();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export type Clock = ReturnType<typeof testClock>;

export function post(server: TestServer, url: string, payload: unknown, ip: string, headers = {}) {
  return server.call({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': ip, ...headers },
  });
}

/** Exchanges a refresh token, as a tab of the storefront does. */
export function refresh(server: TestServer, refreshToken: string, ip: string) {
  return post(server, '/api/auth/refresh-token', { refreshToken }, ip);
}

/** The newest code the dev provider kept for a phone. */
export async function latestCode(server: TestServer, phone: string): Promise<string> {
  const res = await server.call({ method: 'GET', url: `/api/dev/outbox?phone=${encodeURIComponent(phone)}` });
  expect(res.statusCode).toBe(200);
  const code = res.data.data.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

/** Signs a new account up through the real OTP round trip and answers its session. */
export async function signUpVerified(
  server: TestServer,
  clock: Clock,
  options: { password?: string; phone?: string } = {},
) {
  const phone = options.phone ?? nextTestPhone();
  const password = options.password ?? 'correct-horse-1';
  const ip = nextIp();
  const signup = await post(server, '/api/auth/signup', { name: 'Thandi Dlamini', phone, password }, ip);
  expect(signup.statusCode).toBe(201);
  clock.advance(1000);
  const otp = await latestCode(server, phone);
  const verify = await post(server, '/api/auth/verify-signup', { phone, otp }, ip);
  expect(verify.statusCode).toBe(200);
  clock.advance(1000);
  return {
    phone,
    password,
    ip,
    ...(verify.data.data as { user: any; accessToken: string; refreshToken: string }),
  };
}

export async function userRow(server: TestServer, phone: string) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.phone, phone));
  return row;
}
