import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OTP_LIMITS } from '../src/accounts/otp.service.ts';
import { devOutbox } from '../src/db/schema/index.ts';
import { SIGNUP_ATTEMPT_NOTICE } from '../src/otp/otp-sender.ts';
import { latestCode, nextIp, post, signUpVerified, testClock, userRow } from './auth-helpers.ts';
import { createTestServer, nextTestPhone, type TestServer } from './harness.ts';

/**
 * Issue 28: what an attacker did to sign-up over HTTP. A second sign-up replaced a pending one's password, so the
 * victim's code opened an account with the attacker's password; and sign-up (409 or 201) and resend (409, 400 or
 * 200) told anyone which numbers are registered.
 */
const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
});
afterAll(() => server.close());

const signup = (phone: string, name: string, password: string, ip = nextIp()) =>
  post(server, '/api/auth/signup', { name, phone, password }, ip);
const resend = (phone: string, ip = nextIp()) =>
  post(server, '/api/auth/resend-otp', { phone, type: 'signup' }, ip);
const login = (phone: string, password: string, ip = nextIp()) =>
  post(server, '/api/auth/login', { phone, password }, ip);

async function outbox(phone: string) {
  return server.ctx.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, phone))
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id));
}

describe('a pending sign-up', () => {
  it('keeps its name and password when someone signs up again with the phone while its code lives', async () => {
    const phone = nextTestPhone();
    const victim = await signup(phone, 'Victim Owner', 'victim-pass-1');
    expect(victim.statusCode).toBe(201);
    clock.advance(1000);

    const attacker = await signup(phone, 'Attacker', 'attacker-pass-1');
    expect(attacker.statusCode).toBe(victim.statusCode);
    expect(attacker.body).toBe(victim.body);
    expect(await userRow(server, phone)).toMatchObject({ name: 'Victim Owner', isPhoneVerified: false });

    // The victim types the code that reached their phone; the account opens with their own password.
    clock.advance(1000);
    const otp = await latestCode(server, phone);
    const verified = await post(server, '/api/auth/verify-signup', { phone, otp }, nextIp());
    expect(verified.statusCode).toBe(200);
    expect(verified.data.data.user.name).toBe('Victim Owner');
    expect((await login(phone, 'attacker-pass-1')).statusCode).toBe(401);
    expect((await login(phone, 'victim-pass-1')).statusCode).toBe(200);
  });

  it("is the code holder's when they verify with their own name and password, whoever signed up first", async () => {
    const phone = nextTestPhone();
    // The attacker signs up first with the victim's number, then the victim signs up (kept) and gets the code.
    expect((await signup(phone, 'Attacker', 'attacker-pass-1')).statusCode).toBe(201);
    clock.advance(1000);
    expect((await signup(phone, 'Victim Owner', 'victim-pass-1')).statusCode).toBe(201);
    const otp = await latestCode(server, phone);
    const verified = await post(
      server,
      '/api/auth/verify-signup',
      { phone, otp, name: 'Victim Owner', password: 'victim-pass-1' },
      nextIp(),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.data.data.user.name).toBe('Victim Owner');
    expect((await login(phone, 'attacker-pass-1')).statusCode).toBe(401);
    expect((await login(phone, 'victim-pass-1')).statusCode).toBe(200);
  });

  it('keeps its details however many sign-ups for the phone arrive at once', async () => {
    const phone = nextTestPhone();
    expect((await signup(phone, 'Victim Owner', 'victim-pass-1')).statusCode).toBe(201);
    clock.advance(1000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signup(phone, `Attacker ${i}`, `attacker-pass-${i}`)),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 201 || s === 429)).toBe(true);
    expect((await userRow(server, phone))?.name).toBe('Victim Owner');
  });

  it('can be replaced once its code has expired, by whoever then holds the new code', async () => {
    const phone = nextTestPhone();
    expect((await signup(phone, 'Gave Up', 'gave-up-pass-1')).statusCode).toBe(201);
    clock.advance(DEFAULT_OTP_LIMITS.ttlMs + 1000);
    expect((await signup(phone, 'Second Try', 'second-pass-1')).statusCode).toBe(201);
    expect((await userRow(server, phone))?.name).toBe('Second Try');
    const otp = await latestCode(server, phone);
    expect((await post(server, '/api/auth/verify-signup', { phone, otp }, nextIp())).statusCode).toBe(200);
    expect((await login(phone, 'second-pass-1')).statusCode).toBe(200);
  });
});

describe('who is registered', () => {
  it('sign-up answers a registered number exactly as a new one, and tells its owner on WhatsApp', async () => {
    const owner = await signUpVerified(server, clock, { password: 'owner-pass-1' });
    const fresh = nextTestPhone();
    const forNew = await signup(fresh, 'Someone', 'someone-pass-1');
    const forRegistered = await signup(owner.phone, 'Someone', 'someone-pass-1');
    expect(forRegistered.statusCode).toBe(201);
    expect(forRegistered.statusCode).toBe(forNew.statusCode);
    expect(forRegistered.body.replace(owner.phone, fresh)).toBe(forNew.body);

    // The owner's account is untouched and they are told, with no code.
    expect(await userRow(server, owner.phone)).toMatchObject({
      name: 'Thandi Dlamini',
      isPhoneVerified: true,
    });
    expect((await login(owner.phone, 'owner-pass-1', owner.ip)).statusCode).toBe(200);
    const [notice] = await outbox(owner.phone);
    expect(notice).toMatchObject({ code: null, body: SIGNUP_ATTEMPT_NOTICE, channel: 'whatsapp' });
  });

  it('resend answers registered, pending and unknown numbers alike; only the pending one gets a code', async () => {
    const owner = await signUpVerified(server, clock);
    const pending = nextTestPhone();
    expect((await signup(pending, 'Pending', 'pending-pass-1')).statusCode).toBe(201);
    const unknown = nextTestPhone();
    clock.advance(1000);

    const answers = [await resend(owner.phone), await resend(pending), await resend(unknown)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);

    expect((await outbox(owner.phone))[0]).toMatchObject({ code: null, body: SIGNUP_ATTEMPT_NOTICE });
    expect((await outbox(pending))[0]?.code).toMatch(/^\d{6}$/);
    expect(await outbox(unknown)).toEqual([]);
  });

  it('limits checking a registered number like any other: the 4th try in 10 minutes answers 429 either way', async () => {
    const owner = await signUpVerified(server, clock);
    const fresh = nextTestPhone();
    const tries = async (phone: string) => {
      const codes: number[] = [];
      codes.push((await signup(phone, 'Prober', 'prober-pass-1')).statusCode);
      for (let i = 0; i < 3; i += 1) codes.push((await resend(phone)).statusCode);
      return codes;
    };
    // The owner's own sign-up used one send to that phone already; a fresh number gets one more to match.
    expect((await signup(fresh, 'Prober', 'prober-pass-1')).statusCode).toBe(201);
    clock.advance(1000);
    const forRegistered = await tries(owner.phone);
    const forNew = await tries(fresh);
    expect(forRegistered).toEqual([201, 200, 429, 429]);
    expect(forNew).toEqual(forRegistered);
  });
});
