import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealers,
  devOutbox,
  otpChallenges,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../src/db/schema/index.ts';
import { LOGIN_LIMITS, LOGIN_THROTTLE_MESSAGE } from '../src/accounts/login-throttle.ts';
import { REFRESH_GRACE_MS } from '../src/accounts/session.service.ts';
import { latestCode, nextIp, post, signUpVerified, testClock, userRow } from './auth-helpers.ts';
import { createTestServer, nextTestPhone, type TestServer } from './harness.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function outboxCount(phone: string): Promise<number> {
  const [row] = await server.ctx.db.select({ n: count() }).from(devOutbox).where(eq(devOutbox.to, phone));
  return row?.n ?? 0;
}

describe('sign-up, sessions and sign-out', () => {
  it('signs up through the WhatsApp code, then refreshes with rotation and detects reuse', async () => {
    const phone = nextTestPhone();
    const ip = nextIp();
    const signup = await post(
      server,
      '/api/auth/signup',
      { name: '  Sipho Nkosi ', phone, password: 'correct-horse-1', email: 'sipho@example.com' },
      ip,
    );
    expect(signup.statusCode).toBe(201);
    expect(signup.data).toEqual({
      success: true,
      data: { phone, message: 'Verification code sent to your phone' },
    });

    const outbox = await server.call({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
    expect(outbox.statusCode).toBe(200);
    const [message] = outbox.data.data.messages;
    expect(message).toMatchObject({ to: phone, channel: 'whatsapp', template: expect.any(String) });
    expect(message.body).toContain(message.code);
    expect(signup.body).not.toContain(message.code);
    expect(message.createdAt).toEqual(expect.any(String));

    // The code is stored hashed, never as typed.
    const [challenge] = await server.ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone));
    expect(challenge?.codeHash).not.toContain(message.code);

    const unverified = await userRow(server, phone);
    expect(unverified).toMatchObject({ name: 'Sipho Nkosi', isPhoneVerified: false, role: 'customer' });
    expect(unverified?.passwordHash).toMatch(/^\$argon2id\$/);

    const verify = await post(server, '/api/auth/verify-signup', { phone, otp: message.code }, ip);
    expect(verify.statusCode).toBe(200);
    const { user, accessToken, refreshToken } = verify.data.data;
    expect(user).toEqual({
      id: unverified?.id,
      _id: unverified?.id,
      name: 'Sipho Nkosi',
      phone,
      email: 'sipho@example.com',
      role: 'customer',
      type: 'customer',
      dealerId: null,
      isPhoneVerified: true,
      isPrivateSeller: false,
      // No country chosen yet: the device's choice, or the marketplace's default, applies.
      countryCode: null,
      createdAt: expect.any(String),
    });
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the refresh token is kept.
    const stored = await server.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(refreshToken);

    // The code was single use.
    const again = await post(server, '/api/auth/verify-signup', { phone, otp: message.code }, ip);
    expect(again.statusCode).toBe(400);

    const me = await server.call({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.data.data.user).toEqual(user);

    clock.advance(1000);
    const refreshed = await post(server, '/api/auth/refresh-token', { refreshToken }, ip);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.data.data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(refreshed.data.data.refreshToken).not.toBe(refreshToken);
    const me2 = await server.call({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(refreshed.data.data.accessToken),
    });
    expect(me2.statusCode).toBe(200);

    // Presenting the rotated token again, past its grace, means it was copied: the whole family ends.
    clock.advance(REFRESH_GRACE_MS + 1000);
    const reuse = await post(server, '/api/auth/refresh-token', { refreshToken }, ip);
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await post(
      server,
      '/api/auth/refresh-token',
      { refreshToken: refreshed.data.data.refreshToken },
      ip,
    );
    expect(afterReuse.statusCode).toBe(401);

    // Sign in again, then sign out with the refresh token: that session can no longer refresh.
    const login = await post(server, '/api/auth/login', { phone, password: 'correct-horse-1' }, ip);
    expect(login.statusCode).toBe(200);
    expect(login.data.data.user).toEqual(user);
    const logout = await post(server, '/api/auth/logout', { refreshToken: login.data.data.refreshToken }, ip);
    expect(logout.statusCode).toBe(200);
    const afterLogout = await post(
      server,
      '/api/auth/refresh-token',
      { refreshToken: login.data.data.refreshToken },
      ip,
    );
    expect(afterLogout.statusCode).toBe(401);
  });

  it('signs out the current session from the access token alone, leaving other sessions alive', async () => {
    const account = await signUpVerified(server, clock);
    const second = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: account.password },
      account.ip,
    );
    const logout = await server.call({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(
      (await post(server, '/api/auth/refresh-token', { refreshToken: account.refreshToken }, account.ip))
        .statusCode,
    ).toBe(401);
    const other = await post(
      server,
      '/api/auth/refresh-token',
      { refreshToken: second.data.data.refreshToken },
      account.ip,
    );
    expect(other.statusCode).toBe(200);
  });

  it('refuses logout with neither a token nor a session, and unknown refresh tokens', async () => {
    const res = await server.call({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
    const refresh = await post(server, '/api/auth/refresh-token', { refreshToken: 'not-a-token' }, nextIp());
    expect(refresh.statusCode).toBe(401);
    expect(refresh.data.success).toBe(false);
  });

  it('ends a refresh family after 14 idle days and any session after 30 days', async () => {
    const account = await signUpVerified(server, clock);
    clock.advance(13 * 24 * 3600_000);
    const first = await post(
      server,
      '/api/auth/refresh-token',
      { refreshToken: account.refreshToken },
      account.ip,
    );
    expect(first.statusCode).toBe(200);
    clock.advance(14 * 24 * 3600_000 + 1000);
    const idle = await post(
      server,
      '/api/auth/refresh-token',
      { refreshToken: first.data.data.refreshToken },
      account.ip,
    );
    expect(idle.statusCode).toBe(401);

    const second = await signUpVerified(server, clock);
    let token = second.refreshToken;
    for (let day = 0; day < 3; day += 1) {
      clock.advance(10 * 24 * 3600_000);
      const res = await post(server, '/api/auth/refresh-token', { refreshToken: token }, second.ip);
      if (day < 2) {
        expect(res.statusCode).toBe(200);
        token = res.data.data.refreshToken;
      } else {
        expect(res.statusCode).toBe(401);
      }
    }
  });

  it("answers a dealer's dealership id and role type, and 'private' for private sellers", async () => {
    const dealer = await server.createUser({ role: 'dealer' });
    const [row] = await server.ctx.db
      .insert(dealers)
      .values({ userId: dealer.id, name: 'Mbabane Motors', location: 'Mbabane' })
      .returning({ id: dealers.id });
    const me = await server.call({ method: 'GET', url: '/api/auth/me', user: dealer });
    expect(me.data.data.user).toMatchObject({
      id: dealer.id,
      role: 'dealer',
      type: 'dealer',
      dealerId: row?.id,
    });

    const seller = await server.createUser();
    await server.ctx.db.update(users).set({ isPrivateSeller: true }).where(eq(users.id, seller.id));
    const sellerMe = await server.call({ method: 'GET', url: '/api/auth/me', user: seller });
    expect(sellerMe.data.data.user).toMatchObject({
      role: 'customer',
      type: 'private',
      isPrivateSeller: true,
      dealerId: null,
    });
    expect(JSON.stringify(sellerMe.data)).not.toMatch(/password|failedLogin/i);
  });

  it('answers me with 401 and the refresh message without a valid token', async () => {
    expect((await server.call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const bad = await server.call({ method: 'GET', url: '/api/auth/me', headers: bearer('nonsense') });
    expect(bad.statusCode).toBe(401);
    expect(bad.data.error).toContain('Invalid or expired token');
  });

  it('keeps a verified account on a second sign-up, and replaces an unverified one whose code expired', async () => {
    const account = await signUpVerified(server, clock);
    const taken = await post(
      server,
      '/api/auth/signup',
      { name: 'Someone Else', phone: account.phone, password: 'another-pass-1' },
      nextIp(),
    );
    // Answered as for a new number (security-signup.int.test.ts); the account is untouched.
    expect(taken.statusCode).toBe(201);
    expect((await userRow(server, account.phone))?.name).toBe('Thandi Dlamini');

    const phone = nextTestPhone();
    const ip = nextIp();
    await post(server, '/api/auth/signup', { name: 'First Try', phone, password: 'first-pass-1' }, ip);
    const before = await userRow(server, phone);
    clock.advance(10 * 60_000 + 1000);
    const retry = await post(
      server,
      '/api/auth/signup',
      { name: 'Second Try', phone, password: 'second-pass-1' },
      ip,
    );
    expect(retry.statusCode).toBe(201);
    const after = await userRow(server, phone);
    expect(after).toMatchObject({ id: before?.id, name: 'Second Try', isPhoneVerified: false });
    const [{ n } = { n: 0 }] = await server.ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.phone, phone));
    expect(n).toBe(1);

    // Unverified accounts cannot sign in, even with the right password; the answer says what to do.
    const login = await post(server, '/api/auth/login', { phone, password: 'second-pass-1' }, ip);
    expect(login.statusCode).toBe(403);
    expect(login.data.error).toMatch(/verify/i);
    const otp = await latestCode(server, phone);
    expect((await post(server, '/api/auth/verify-signup', { phone, otp }, ip)).statusCode).toBe(200);
    expect((await post(server, '/api/auth/login', { phone, password: 'second-pass-1' }, ip)).statusCode).toBe(
      200,
    );
  });
});

describe('one-time codes', () => {
  async function pendingSignup() {
    const phone = nextTestPhone();
    const ip = nextIp();
    const res = await post(
      server,
      '/api/auth/signup',
      { name: 'Code Tester', phone, password: 'code-tester-1' },
      ip,
    );
    expect(res.statusCode).toBe(201);
    return { phone, ip, code: await latestCode(server, phone) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a wrong code, then accepts the right one', async () => {
    const { phone, ip, code } = await pendingSignup();
    const bad = await post(server, '/api/auth/verify-signup', { phone, otp: wrong(code) }, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.data.error).toBe('Invalid verification code');
    expect((await userRow(server, phone))?.isPhoneVerified).toBe(false);
    expect((await post(server, '/api/auth/verify-signup', { phone, otp: code }, ip)).statusCode).toBe(200);
  });

  it('refuses a code after its 10 minutes', async () => {
    const { phone, ip, code } = await pendingSignup();
    clock.advance(10 * 60_000 + 1000);
    const res = await post(server, '/api/auth/verify-signup', { phone, otp: code }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('This code has expired, request a new code');
    expect((await userRow(server, phone))?.isPhoneVerified).toBe(false);
  });

  it('kills a code after 5 checks, even for the right code', async () => {
    const { phone, ip, code } = await pendingSignup();
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(server, '/api/auth/verify-signup', { phone, otp: wrong(code) }, ip);
      expect(res.statusCode).toBe(400);
      answers.push(res.data.error);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(answers[4]).toBe('Too many attempts, request a new code');
    const right = await post(server, '/api/auth/verify-signup', { phone, otp: code }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.data.error).toBe('Too many attempts, request a new code');
    expect((await userRow(server, phone))?.isPhoneVerified).toBe(false);
  });

  it('voids the old code on resend', async () => {
    const { phone, ip, code: first } = await pendingSignup();
    clock.advance(1000);
    const resend = await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip);
    expect(resend.statusCode).toBe(200);
    expect(resend.data.data.message).toBe('New verification code sent');
    const second = await latestCode(server, phone);
    if (first !== second) {
      expect((await post(server, '/api/auth/verify-signup', { phone, otp: first }, ip)).statusCode).toBe(400);
    }
    expect((await post(server, '/api/auth/verify-signup', { phone, otp: second }, ip)).statusCode).toBe(200);
  });

  it('limits sends to 3 per phone per 10 minutes, with Retry-After', async () => {
    const { phone, ip } = await pendingSignup();
    clock.advance(60_000);
    expect((await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip)).statusCode).toBe(200);
    clock.advance(60_000);
    const limited = await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, nextIp());
    expect(limited.statusCode).toBe(429);
    // The first send leaves the window 10 minutes after it was made, 3 minutes ago.
    expect(Number(limited.headers['retry-after'])).toBe(7 * 60);
    expect(await outboxCount(phone)).toBe(3);
    // A rate-limited sign-up retry changes nothing either.
    const before = await userRow(server, phone);
    const signup = await post(
      server,
      '/api/auth/signup',
      { name: 'Changed', phone, password: 'changed-pass-1' },
      ip,
    );
    expect(signup.statusCode).toBe(429);
    expect(await userRow(server, phone)).toEqual(before);
    clock.advance(7 * 60_000 + 1000);
    expect((await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip)).statusCode).toBe(200);
  });

  it('limits sends to 10 per address per 10 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(server, '/api/auth/forgot-password', { phone: nextTestPhone() }, ip);
      expect(res.statusCode).toBe(200);
    }
    const limited = await post(server, '/api/auth/forgot-password', { phone: nextTestPhone() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await post(server, '/api/auth/forgot-password', { phone: nextTestPhone() }, nextIp())).statusCode,
    ).toBe(200);
  });

  it('answers a resend alike for verified and unknown numbers, and refuses an unknown type', async () => {
    const account = await signUpVerified(server, clock);
    const verified = await post(
      server,
      '/api/auth/resend-otp',
      { phone: account.phone, type: 'signup' },
      nextIp(),
    );
    expect(verified.statusCode).toBe(200);
    const unknown = await post(
      server,
      '/api/auth/resend-otp',
      { phone: nextTestPhone(), type: 'signup' },
      nextIp(),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(verified.body);
    const badType = await post(
      server,
      '/api/auth/resend-otp',
      { phone: account.phone, type: 'email' },
      nextIp(),
    );
    expect(badType.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and registered phones, sending only to the registered one', async () => {
    const account = await signUpVerified(server, clock);
    const unknownPhone = nextTestPhone();
    const known = await post(server, '/api/auth/forgot-password', { phone: account.phone }, nextIp());
    const unknown = await post(server, '/api/auth/forgot-password', { phone: unknownPhone }, nextIp());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outboxCount(unknownPhone)).toBe(0);
    expect(await outboxCount(account.phone)).toBe(2);
  });

  it('resets with a single-use token, signs every session out and keeps the old password out', async () => {
    const account = await signUpVerified(server, clock);
    const ip = nextIp();
    const other = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: account.password },
      ip,
    );
    expect(other.statusCode).toBe(200);

    expect((await post(server, '/api/auth/forgot-password', { phone: account.phone }, ip)).statusCode).toBe(
      200,
    );
    const otp = await latestCode(server, account.phone);
    const verified = await post(
      server,
      '/api/auth/verify-forgot-password',
      { phone: account.phone, otp },
      ip,
    );
    expect(verified.statusCode).toBe(200);
    const { token } = verified.data.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await server.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.user.id));
    expect(stored?.tokenHash).not.toBe(token);

    const reset = await post(
      server,
      '/api/auth/reset-password',
      { token, newPassword: 'brand-new-pass-2' },
      ip,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.data.data.message).toBe('Password reset successfully! You can now sign in.');

    const reused = await post(server, '/api/auth/reset-password', { token, newPassword: 'third-pass-3' }, ip);
    expect(reused.statusCode).toBe(400);

    for (const refreshToken of [account.refreshToken, other.data.data.refreshToken]) {
      expect((await post(server, '/api/auth/refresh-token', { refreshToken }, ip)).statusCode).toBe(401);
    }
    const oldLogin = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: account.password },
      ip,
    );
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: 'brand-new-pass-2' },
      ip,
    );
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a reset token after 15 minutes and a wrong reset code', async () => {
    const account = await signUpVerified(server, clock);
    const ip = nextIp();
    await post(server, '/api/auth/forgot-password', { phone: account.phone }, ip);
    const otp = await latestCode(server, account.phone);
    const wrongOtp = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await post(server, '/api/auth/verify-forgot-password', { phone: account.phone, otp: wrongOtp }, ip))
        .statusCode,
    ).toBe(400);
    const verified = await post(
      server,
      '/api/auth/verify-forgot-password',
      { phone: account.phone, otp },
      ip,
    );
    clock.advance(15 * 60_000 + 1000);
    const late = await post(
      server,
      '/api/auth/reset-password',
      { token: verified.data.data.token, newPassword: 'late-pass-123' },
      ip,
    );
    expect(late.statusCode).toBe(400);
    expect(
      (await post(server, '/api/auth/login', { phone: account.phone, password: account.password }, ip))
        .statusCode,
    ).toBe(200);
  });
});

describe('sign-in failures', () => {
  it('answers the same for an unknown phone and a wrong password', async () => {
    const account = await signUpVerified(server, clock);
    const ip = nextIp();
    const wrong = await post(
      server,
      '/api/auth/login',
      { phone: account.phone, password: 'wrong-password' },
      ip,
    );
    const unknown = await post(
      server,
      '/api/auth/login',
      { phone: nextTestPhone(), password: 'wrong-password' },
      ip,
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.data.error).toBe('Invalid phone number or password');
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses an address after 5 wrong passwords for one account, never locking the account itself', async () => {
    const account = await signUpVerified(server, clock);
    const ip = nextIp();
    const attempt = (password: string, from = ip) =>
      post(server, '/api/auth/login', { phone: account.phone, password }, from);

    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.points; i += 1) {
      expect((await attempt('wrong-password')).statusCode).toBe(401);
    }
    const refused = await attempt('wrong-password');
    expect(refused.statusCode).toBe(429);
    expect(refused.data.error).toBe(LOGIN_THROTTLE_MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.perAccountAddress.blockSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAddress.blockSeconds);
    // That address waits even with the right password; any other address signs in.
    expect((await attempt(account.password)).statusCode).toBe(429);
    expect((await attempt(account.password, account.ip)).statusCode).toBe(200);
    expect(await userRow(server, account.phone)).toMatchObject({ lockedAt: null });
  });

  it('a right password ends the run of failures from that address', async () => {
    const account = await signUpVerified(server, clock);
    const ip = nextIp();
    const attempt = (password: string) =>
      post(server, '/api/auth/login', { phone: account.phone, password }, ip);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.points - 1; i += 1) {
      expect((await attempt('nope-nope')).statusCode).toBe(401);
    }
    expect((await attempt(account.password)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.points; i += 1) {
      expect((await attempt('nope-nope')).statusCode).toBe(401);
    }
    expect((await attempt('nope-nope')).statusCode).toBe(429);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined, ''],
    ['missing name', { phone: '+26876123456', password: 'long-enough-1' }, 'name'],
    ['blank name', { name: '   ', phone: '+26876123456', password: 'long-enough-1' }, 'name'],
    ['short password', { name: 'A', phone: '+26876123456', password: 'short' }, 'password'],
    ['bad email', { name: 'A', phone: '+26876123456', password: 'long-enough-1', email: 'nope' }, 'email'],
    ['not a phone', { name: 'A', phone: 'call me', password: 'long-enough-1' }, 'phone'],
    ['invalid for Eswatini', { name: 'A', phone: '+26812345678', password: 'long-enough-1' }, 'phone'],
    ['too short for South Africa', { name: 'A', phone: '+27123', password: 'long-enough-1' }, 'phone'],
  ])('refuses a sign-up with %s and stores nothing', async (_label, payload, field) => {
    const ip = nextIp();
    const before = await server.ctx.db.select({ n: count() }).from(users);
    const outboxBefore = await server.ctx.db.select({ n: count() }).from(devOutbox);
    const res = await post(server, '/api/auth/signup', payload, ip);
    expect(res.statusCode).toBe(400);
    expect(res.data.success).toBe(false);
    expect(res.data.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await server.ctx.db.select({ n: count() }).from(users)).toEqual(before);
    expect(await server.ctx.db.select({ n: count() }).from(devOutbox)).toEqual(outboxBefore);
  });

  it('says which phone is wrong in the per-country check', async () => {
    const res = await post(
      server,
      '/api/auth/signup',
      { name: 'A', phone: '+26812345678', password: 'long-enough-1' },
      nextIp(),
    );
    expect(res.data.errors).toContainEqual({ field: 'phone', message: 'Please enter a valid phone number' });
  });

  it.each([
    ['/api/auth/verify-signup', { phone: '+26876123456', otp: '12345' }],
    ['/api/auth/verify-signup', { phone: '+26876123456', otp: 'abcdef' }],
    ['/api/auth/login', { phone: '+26876123456' }],
    ['/api/auth/refresh-token', {}],
    ['/api/auth/forgot-password', { phone: '' }],
    ['/api/auth/verify-forgot-password', { phone: '+26876123456' }],
    ['/api/auth/reset-password', { token: 'x', newPassword: 'short' }],
    ['/api/auth/resend-otp', { phone: '+26876123456' }],
  ])('answers 400 on %s with %j', async (url, payload) => {
    const res = await post(server, url, payload, nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.data).toMatchObject({ success: false, error: expect.any(String), errors: expect.any(Array) });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('development outbox', () => {
  it('lists messages newest first for one phone', async () => {
    const phone = nextTestPhone();
    const ip = nextIp();
    await post(server, '/api/auth/signup', { name: 'Outbox', phone, password: 'outbox-pass-1' }, ip);
    clock.advance(1000);
    await post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip);
    const res = await server.call({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
    const messages = res.data.data.messages;
    expect(messages).toHaveLength(2);
    expect(Date.parse(messages[0].createdAt)).toBeGreaterThan(Date.parse(messages[1].createdAt));
    expect(messages.every((m: { to: string }) => m.to === phone)).toBe(true);
  });
});

describe('concurrent requests', () => {
  it('never spends more than 5 checks of a code, however many guesses arrive at once', async () => {
    const phone = nextTestPhone();
    const ip = nextIp();
    await post(server, '/api/auth/signup', { name: 'Racer', phone, password: 'racer-pass-1' }, ip);
    const code = await latestCode(server, phone);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) => post(server, '/api/auth/verify-signup', { phone, otp }, ip)),
    );
    expect(answers.every((res) => res.statusCode === 400)).toBe(true);
    const [challenge] = await server.ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, phone));
    expect(challenge?.attempts).toBe(5);
    expect((await post(server, '/api/auth/verify-signup', { phone, otp: code }, ip)).statusCode).toBe(400);
  });
});
