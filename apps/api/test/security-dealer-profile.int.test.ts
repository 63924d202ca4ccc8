import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers } from '../src/db/schema/index.ts';
import { NO_PHONE_CHANGE_MESSAGE } from '../src/dealers/dealer.service.ts';
import { latestCode } from './auth-helpers.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

/**
 * Issue 28, 'A dealer can become another': PUT /dealers/profile/me took any name and phone at once, and listings
 * showed them beside the Verified mark. Now a new phone needs the code sent to it, and a verified dealership's new
 * name waits for the moderation desk.
 */
let server: TestServer;
let dealer: TestDealer;
let carId: string;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await createDealer(server, { name: 'Honest Motors', phone: '+26876200001' });
  carId = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId });
});
afterAll(() => server.close());

const update = (payload: object) =>
  server.call({ method: 'PUT', url: '/api/dealers/profile/me', user: dealer.user, payload });

const listing = async () => (await server.call({ method: 'GET', url: `/api/cars/${carId}` })).data.data;

describe("a dealer's phone", () => {
  it('changes only once the code sent to the new number is entered; until then listings show the old one', async () => {
    const impostorPhone = '+26876999888';
    const asked = await update({ phone: impostorPhone });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.data.data).toMatchObject({ phone: '+26876200001', pendingPhone: impostorPhone });
    expect(await listing()).toMatchObject({ dealerPhone: '+26876200001', sellerPhone: '+26876200001' });

    const code = await latestCode(server, impostorPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await update({ phoneCode: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.errors).toEqual([{ field: 'phoneCode', message: 'Invalid verification code' }]);
    expect((await update({ name: 'Honest Motors' })).data.data.phone).toBe('+26876200001');

    const confirmed = await update({ phoneCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.data.data).toMatchObject({ phone: impostorPhone, pendingPhone: null });
    expect((await listing()).dealerPhone).toBe(impostorPhone);
    // The code is spent: it confirms nothing a second time.
    const again = await update({ phoneCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.data.errors).toEqual([{ field: 'phoneCode', message: NO_PHONE_CHANGE_MESSAGE }]);
  });
});

describe("a verified dealer's name", () => {
  it('is held for review, never shown on listings until then, and says so', async () => {
    const res = await update({ name: 'Toyota Eswatini Official', email: 'sales@honest.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toMatchObject({
      name: 'Honest Motors',
      pendingName: 'Toyota Eswatini Official',
      email: 'sales@honest.test',
      isVerified: true,
    });
    expect(await listing()).toMatchObject({ dealerName: 'Honest Motors', dealerVerified: true });
    const publicPage = await server.call({ method: 'GET', url: `/api/dealers/${dealer.dealerId}` });
    expect(publicPage.data.data.name).toBe('Honest Motors');
    expect(publicPage.body).not.toContain('Toyota Eswatini Official');
    const [row] = await server.ctx.db.select().from(dealers).where(eq(dealers.id, dealer.dealerId));
    expect(row).toMatchObject({ name: 'Honest Motors', pendingName: 'Toyota Eswatini Official' });
  });

  it("changes at once for a dealership not yet verified (it carries no 'Verified' mark to borrow)", async () => {
    const fresh = await createDealer(server, { name: 'New Yard' });
    await server.ctx.db.update(dealers).set({ isVerified: false }).where(eq(dealers.id, fresh.dealerId));
    const res = await server.call({
      method: 'PUT',
      url: '/api/dealers/profile/me',
      user: fresh.user,
      payload: { name: 'New Yard Motors' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ name: 'New Yard Motors', pendingName: null });
  });
});
