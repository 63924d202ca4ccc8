import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function row(id: string) {
  const [found] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error(`no user ${id}`);
  return found;
}

function putMe(user: TestUser | undefined, payload: unknown) {
  return server.call({
    method: 'PUT',
    url: '/api/auth/me',
    payload: payload as Record<string, unknown>,
    ...(user ? { user } : {}),
  });
}

describe('PUT /auth/me', () => {
  it("changes the caller's own name and email, trimmed, and answers the presented user", async () => {
    const user = await server.createUser({ name: 'Thandi Dlamini' });
    const res = await putMe(user, { name: '  Thandi M. Dlamini ', email: ' thandi@example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.user).toMatchObject({
      id: user.id,
      name: 'Thandi M. Dlamini',
      email: 'thandi@example.com',
      phone: user.phone,
      role: 'customer',
      isPhoneVerified: true,
    });
    expect(res.data.data.user.passwordHash).toBeUndefined();
    const stored = await row(user.id);
    expect(stored).toMatchObject({ name: 'Thandi M. Dlamini', email: 'thandi@example.com' });

    const me = await server.call({ method: 'GET', url: '/api/auth/me', user });
    expect(me.data.data.user.name).toBe('Thandi M. Dlamini');
  });

  it('removes the email when it is sent blank or null, and keeps it when it is left out', async () => {
    const user = await server.createUser();
    await putMe(user, { name: 'Sipho', email: 'sipho@example.com' });

    const nameOnly = await putMe(user, { name: 'Sipho Dlamini' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.data.data.user.email).toBe('sipho@example.com');

    const blank = await putMe(user, { name: 'Sipho', email: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.data.data.user.email).toBeNull();
    expect((await row(user.id)).email).toBeNull();

    await putMe(user, { name: 'Sipho', email: 'sipho@example.com' });
    const cleared = await putMe(user, { name: 'Sipho', email: null });
    expect(cleared.data.data.user.email).toBeNull();
  });

  it('refuses a blank name or a malformed email with field errors and changes nothing', async () => {
    const user = await server.createUser({ name: 'Original Name' });
    const before = await row(user.id);

    const blank = await putMe(user, { name: '   ', email: 'ok@example.com' });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'name', message: 'Name is required' })]),
    );

    const badEmail = await putMe(user, { name: 'New Name', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', message: 'Enter a valid email address' }),
      ]),
    );

    const tooLong = await putMe(user, { name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);

    const after = await row(user.id);
    expect(after.name).toBe(before.name);
    expect(after.email).toBe(before.email);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('changes only the caller: ids or roles in the body are ignored, other accounts stay as they were', async () => {
    const caller = await server.createUser({ name: 'Caller' });
    const other = await server.createUser({ name: 'Other Person' });
    const res = await putMe(caller, { name: 'Renamed', id: other.id, _id: other.id, role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.user).toMatchObject({ id: caller.id, role: 'customer', name: 'Renamed' });
    expect((await row(other.id)).name).toBe('Other Person');
    expect((await row(caller.id)).role).toBe('customer');
  });

  it('answers 401 to an anonymous caller, whatever the body', async () => {
    const res = await putMe(undefined, { name: '' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /account/country', () => {
  function putCountry(user: TestUser | undefined, payload: unknown) {
    return server.call({
      method: 'PUT',
      url: '/api/account/country',
      payload: payload as Record<string, unknown>,
      ...(user ? { user } : {}),
    });
  }

  it("keeps the caller's chosen country with the account, in every answer that carries the user", async () => {
    const user = await server.createUser({ name: 'Sipho Country' });
    expect(
      (await server.call({ method: 'GET', url: '/api/auth/me', user })).data.data.user.countryCode,
    ).toBeNull();
    const chosen = await putCountry(user, { countryCode: 'ZA' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.data.data).toEqual({ countryCode: 'ZA' });
    expect((await row(user.id)).countryCode).toBe('ZA');
    expect((await server.call({ method: 'GET', url: '/api/auth/me', user })).data.data.user.countryCode).toBe(
      'ZA',
    );
    // A profile edit answers the user with it too, and leaves it as it is.
    expect((await putMe(user, { name: 'Sipho C' })).data.data.user.countryCode).toBe('ZA');
    // Null forgets it.
    expect((await putCountry(user, { countryCode: null })).data.data).toEqual({ countryCode: null });
    expect((await row(user.id)).countryCode).toBeNull();
  });

  it('refuses a country not in the picker, or a malformed body, and changes nothing', async () => {
    const user = await server.createUser();
    await putCountry(user, { countryCode: 'SZ' });
    for (const payload of [
      { countryCode: 'NG' },
      { countryCode: 'sz' },
      { countryCode: 12 },
      {},
      { country: 'ZA' },
    ]) {
      const res = await putCountry(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await row(user.id)).countryCode).toBe('SZ');
  });

  it("changes only the caller's account, and answers 401 to an anonymous caller", async () => {
    const [one, other] = [await server.createUser(), await server.createUser()];
    expect((await putCountry(one, { countryCode: 'ZA', userId: other.id })).statusCode).toBe(200);
    expect((await row(other.id)).countryCode).toBeNull();
    expect((await putCountry(undefined, { countryCode: 'ZA' })).statusCode).toBe(401);
  });

  it('limits how often one account changes it', async () => {
    const user = await server.createUser();
    const answers = await Promise.all(
      Array.from({ length: 35 }, (_, i) => putCountry(user, { countryCode: i % 2 ? 'SZ' : 'ZA' })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
