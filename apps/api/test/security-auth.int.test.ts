import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/accounts/login-throttle.ts';
import { DEFAULT_OTP_LIMITS } from '../src/accounts/otp.service.ts';
import { REFRESH_GRACE_MS } from '../src/accounts/session.service.ts';
import { latestCode, nextIp, post, refresh, signUpVerified, testClock } from './auth-helpers.ts';
import { createTestServer, nextTestPhone, type TestServer } from './harness.ts';

/**
 * What an attacker tries against sign-in, codes and sessions, at once rather than one by one: every limit must hold
 * under concurrency, and none may be turned against the account's owner.
 */
let server: TestServer;
const clock = testClock();

beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
});
afterAll(() => server.close());

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('sign-in throttles', () => {
  it('30 concurrent wrong passwords for one account check only a few, and the owner still signs in', async () => {
    const owner = await signUpVerified(server, clock);
    const attacker = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(server, '/api/auth/login', { phone: owner.phone, password: 'guess-guess-1' }, attacker),
      ),
    );
    const codes = statuses(answers);
    console.info(`concurrent lockout attempt: ${JSON.stringify(codes)}`);
    expect(count(codes, 401)).toBe(LOGIN_LIMITS.perAccountAddress.points);
    expect(count(codes, 429)).toBe(30 - LOGIN_LIMITS.perAccountAddress.points);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.data).toMatchObject({ success: false });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    // The attacker's address stays refused, even with the right password.
    const fromAttacker = await post(server, '/api/auth/login', owner, attacker);
    expect(fromAttacker.statusCode).toBe(429);
    // The owner, from their own address, is not locked out.
    const fromOwner = await post(server, '/api/auth/login', owner, owner.ip);
    expect(fromOwner.statusCode).toBe(200);
    expect(fromOwner.data.data.user.phone).toBe(owner.phone);
  });

  it('throttles one address spraying passwords across 60 phones', async () => {
    const sprayer = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        post(server, '/api/auth/login', { phone: nextTestPhone(), password: 'Password123' }, sprayer),
      ),
    );
    const codes = statuses(answers);
    console.info(`per-address login spray: ${count(codes, 401)} checked, ${count(codes, 429)} refused`);
    expect(count(codes, 401)).toBe(LOGIN_LIMITS.perAddress.points);
    expect(count(codes, 429)).toBe(60 - LOGIN_LIMITS.perAddress.points);
    expect(Number(answers.find((a) => a.statusCode === 429)?.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is unaffected.
    const other = await post(
      server,
      '/api/auth/login',
      { phone: nextTestPhone(), password: 'x-1' },
      nextIp(),
    );
    expect(other.statusCode).toBe(401);
  });

  it("guessing spread over many addresses meets the account ceiling, which spares the owner's own address", async () => {
    const owner = await signUpVerified(server, clock);
    expect((await post(server, '/api/auth/login', owner, owner.ip)).statusCode).toBe(200);
    const perAddress = LOGIN_LIMITS.perAccountAddress.points;
    const addresses = Array.from({ length: LOGIN_LIMITS.perAccount.points / perAddress }, () => nextIp());
    const answers = await Promise.all(
      addresses.flatMap((ip) =>
        Array.from({ length: perAddress }, () =>
          post(server, '/api/auth/login', { phone: owner.phone, password: 'botnet-guess-1' }, ip),
        ),
      ),
    );
    expect(count(statuses(answers), 401)).toBe(LOGIN_LIMITS.perAccount.points);

    const stranger = await post(server, '/api/auth/login', owner, nextIp());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(server, '/api/auth/login', owner, owner.ip)).statusCode).toBe(200);
  });

  it('a password reset gives the owner a fresh start from the address that was throttled', async () => {
    const owner = await signUpVerified(server, clock);
    const ip = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.points; i += 1) {
      await post(server, '/api/auth/login', { phone: owner.phone, password: 'forgotten-1' }, ip);
    }
    expect((await post(server, '/api/auth/login', owner, ip)).statusCode).toBe(429);

    await post(server, '/api/auth/forgot-password', { phone: owner.phone }, ip);
    const otp = await latestCode(server, owner.phone);
    const verified = await post(server, '/api/auth/verify-forgot-password', { phone: owner.phone, otp }, ip);
    const password = 'remembered-now-2';
    const reset = await post(
      server,
      '/api/auth/reset-password',
      { token: verified.data.data.token, newPassword: password },
      ip,
    );
    expect(reset.statusCode).toBe(200);
    expect((await post(server, '/api/auth/login', { phone: owner.phone, password }, ip)).statusCode).toBe(
      200,
    );
  });
});

describe('one-time code sends', () => {
  it('with 7 sends left on an address, 30 concurrent requests are accepted exactly 7 times', async () => {
    const ip = nextIp();
    const left = 7;
    for (let i = 0; i < DEFAULT_OTP_LIMITS.perIp.max - left; i += 1) {
      expect(
        (await post(server, '/api/auth/forgot-password', { phone: nextTestPhone() }, ip)).statusCode,
      ).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(server, '/api/auth/forgot-password', { phone: nextTestPhone() }, ip),
      ),
    );
    const codes = statuses(answers);
    console.info(`concurrent OTP burst (7 left): ${count(codes, 200)} accepted`);
    expect(count(codes, 200)).toBe(left);
    expect(count(codes, 429)).toBe(30 - left);
  });

  it('with 3 sends allowed per phone, 30 concurrent requests for one phone are accepted exactly 3 times', async () => {
    const phone = nextTestPhone();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(server, '/api/auth/forgot-password', { phone }, nextIp())),
    );
    expect(count(statuses(answers), 200)).toBe(DEFAULT_OTP_LIMITS.perPhone.max);
  });
});

describe('refresh rotation', () => {
  it('5 concurrent refreshes with one token all succeed and the session stays alive', async () => {
    const account = await signUpVerified(server, clock);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh(server, account.refreshToken, account.ip)),
    );
    const codes = statuses(answers);
    console.info(`concurrent refresh: ${JSON.stringify(codes)}`);
    expect(codes).toEqual([200, 200, 200, 200, 200]);

    // Every tab carries on with what it was given.
    for (const answer of answers) {
      const me = await server.call({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${answer.data.data.accessToken}` },
      });
      expect(me.statusCode).toBe(200);
    }
    const next = await refresh(server, answers[0]!.data.data.refreshToken, account.ip);
    expect(next.statusCode).toBe(200);
  });

  it('a reuse after the grace window still revokes the whole family', async () => {
    const account = await signUpVerified(server, clock);
    const rotated = await refresh(server, account.refreshToken, account.ip);
    expect(rotated.statusCode).toBe(200);
    clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await refresh(server, account.refreshToken, nextIp());
    expect(replay.statusCode).toBe(401);
    expect(replay.data.error).toMatch(/used twice/);
    const afterTheft = await refresh(server, rotated.data.data.refreshToken, account.ip);
    expect(afterTheft.statusCode).toBe(401);
  });
});
