import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerApplications, dealers, users } from '../src/db/schema/index.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let admin: TestUser;
let dealerA: TestDealer;
let dealerB: TestDealer;
let customer: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.createUser({ role: 'admin' });
  dealerA = await createDealer(server, { name: 'Alpha Motors', location: 'Mbabane' });
  dealerB = await createDealer(server, { name: 'Beta Cars', location: 'Manzini' });
  customer = await server.createUser();
});
afterAll(() => server.close());

async function account(id: string) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function applicationsOf(userId: string) {
  return server.ctx.db.select().from(dealerApplications).where(eq(dealerApplications.userId, userId));
}

describe('public dealer pages', () => {
  it('lists approved dealers with paging, and shows a profile with default business hours and car counts', async () => {
    await insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId });
    await insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId, status: 'sold' });
    const list = await server.call({ method: 'GET', url: '/api/dealers?page=1&limit=1' });
    expect(list.statusCode).toBe(200);
    expect(list.data.data).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(list.data.data.dealers).toHaveLength(1);

    const res = await server.call({ method: 'GET', url: `/api/dealers/${dealerA.dealerId}` });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({
      id: dealerA.dealerId,
      _id: dealerA.dealerId,
      name: 'Alpha Motors',
      location: 'Mbabane',
      verified: true,
      rating: 0,
      reviewCount: 0,
      carCount: 1,
      activeCars: 1,
      businessHours: { monday: '9:00 AM - 6:00 PM', saturday: '9:00 AM - 5:00 PM', sunday: 'Closed' },
    });
    for (const bad of [crypto.randomUUID(), 'dealer1']) {
      expect((await server.call({ method: 'GET', url: `/api/dealers/${bad}` })).statusCode).toBe(404);
      expect((await server.call({ method: 'GET', url: `/api/dealers/${bad}/cars` })).statusCode).toBe(404);
    }
  });

  it("pages a dealer's active cars like /cars; the dealer itself sees every status", async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(() => insertCar(server, { sellerId: dealerB.user.id, dealerId: dealerB.dealerId })),
    );
    await insertCar(server, { sellerId: dealerB.user.id, dealerId: dealerB.dealerId, status: 'reserved' });
    const first = await server.call({ method: 'GET', url: `/api/dealers/${dealerB.dealerId}/cars?limit=2` });
    expect(first.statusCode).toBe(200);
    expect(first.data.data.total).toBe(3);
    const second = await server.call({
      method: 'GET',
      url: `/api/dealers/${dealerB.dealerId}/cars?limit=2&cursor=${first.data.data.nextCursor}`,
    });
    const seen = [...first.data.data.cars, ...second.data.data.cars].map((c: any) => c.id);
    expect(seen.sort()).toEqual([...ids].sort());
    expect(second.data.data.nextCursor).toBeNull();
    const own = await server.call({
      method: 'GET',
      url: `/api/dealers/${dealerB.dealerId}/cars`,
      user: dealerB.user,
    });
    expect(own.data.data.total).toBe(4);
    const other = await server.call({
      method: 'GET',
      url: `/api/dealers/${dealerB.dealerId}/cars`,
      user: dealerA.user,
    });
    expect(other.data.data.total).toBe(3);
  });
});

describe('GET and PUT /dealers/profile/me', () => {
  it('answers the dealer its own profile with type dealer, and refuses anyone without a dealership', async () => {
    const res = await server.call({ method: 'GET', url: '/api/dealers/profile/me', user: dealerA.user });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ id: dealerA.dealerId, type: 'dealer', name: 'Alpha Motors' });
    for (const user of [customer, admin]) {
      const denied = await server.call({ method: 'GET', url: '/api/dealers/profile/me', user });
      expect(denied.statusCode).toBe(403);
      const put = await server.call({
        method: 'PUT',
        url: '/api/dealers/profile/me',
        user,
        payload: { name: 'Mine' },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await server.call({ method: 'GET', url: '/api/dealers/profile/me' })).statusCode).toBe(401);
    expect(
      (await server.call({ method: 'PUT', url: '/api/dealers/profile/me', payload: { name: '' } }))
        .statusCode,
    ).toBe(401);
  });

  it('updates only the fields sent, validates them, and changes only the caller’s dealership', async () => {
    const res = await server.call({
      method: 'PUT',
      url: '/api/dealers/profile/me',
      user: dealerA.user,
      payload: {
        name: 'Alpha Motors Ltd',
        email: 'sales@alpha.test',
        // Typed with spaces and a dash, stored in E.164.
        phone: '+268 7612-3456',
        businessLicense: 'BL-1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A verified dealership's name and a new phone wait (security-dealer-profile.int.test.ts); the rest applies.
    expect(res.data.data).toMatchObject({
      name: 'Alpha Motors',
      pendingName: 'Alpha Motors Ltd',
      email: 'sales@alpha.test',
      pendingPhone: '+26876123456',
      businessLicense: 'BL-1',
      location: 'Mbabane',
    });
    for (const payload of [
      {},
      { email: 'not-an-email' },
      { phone: '12345' },
      { name: '   ' },
      { location: '' },
    ]) {
      const bad = await server.call({
        method: 'PUT',
        url: '/api/dealers/profile/me',
        user: dealerA.user,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.data.errors?.length ?? 0, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    const [a] = await server.ctx.db.select().from(dealers).where(eq(dealers.id, dealerA.dealerId));
    expect(a).toMatchObject({ name: 'Alpha Motors', location: 'Mbabane', email: 'sales@alpha.test' });
    const [b] = await server.ctx.db.select().from(dealers).where(eq(dealers.id, dealerB.dealerId));
    expect(b?.name).toBe('Beta Cars');
  });
});

describe('dealer applications', () => {
  it('names both missing inputs at once, even when the location is absent rather than blank', async () => {
    const user = await server.createUser();
    for (const payload of [
      { businessType: 'dealer' },
      { businessType: 'dealer', businessName: '   ' },
      { businessType: 'dealer', businessName: null, location: null },
    ]) {
      const res = await server.call({ method: 'POST', url: '/api/dealer-applications', user, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.data).toMatchObject({ success: false, message: 'Please fix the errors below.' });
      const byField = Object.fromEntries(res.data.errors.map((e: any) => [e.field, e.message]));
      expect(byField).toEqual({
        dealerName: 'Dealership name is required',
        location: 'Location is required',
      });
    }
    // A private seller needs no dealership name: only the location is asked for.
    const privateSeller = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'private' },
    });
    expect(privateSeller.data.errors.map((e: any) => e.field)).toEqual(['location']);
    expect(await applicationsOf(user.id)).toEqual([]);
  });

  it('requires a dealership name and location for dealers, with the form’s field names', async () => {
    const user = await server.createUser();
    const res = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'dealer', businessName: '', location: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.data.errors.map((e: any) => e.field).sort()).toEqual(['dealerName', 'location']);
    for (const payload of [{}, { businessType: 'company', location: 'Mbabane' }, [1, 2]]) {
      const bad = await server.call({ method: 'POST', url: '/api/dealer-applications', user, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const notJson = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: 'text',
    });
    expect(notJson.statusCode).toBe(415);
    expect(await applicationsOf(user.id)).toEqual([]);
    const anonymous = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      payload: { businessType: 'dealer' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes one open application; admins see it with the applicant, approve it, and the user becomes a dealer', async () => {
    const user = await server.createUser({ name: 'Sibusiso' });
    const res = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'dealer', businessName: 'Sibusiso Autos', location: 'Nhlangano' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const applicationId = res.data.data.id;
    expect(res.data.data).toMatchObject({
      status: 'pending',
      businessName: 'Sibusiso Autos',
      businessType: 'dealer',
    });

    const twice = await server.call({
      method: 'POST',
      url: '/api/auth/apply-dealer',
      user,
      payload: { businessType: 'dealer', businessName: 'Again', location: 'Nhlangano' },
    });
    expect(twice.statusCode).toBe(409);

    const mine = await server.call({ method: 'GET', url: '/api/dealer-applications/my-application', user });
    expect(mine.data.data).toMatchObject({
      status: 'pending',
      businessName: 'Sibusiso Autos',
      businessType: 'dealer',
      location: 'Nhlangano',
      reviewNotes: null,
    });
    const alias = await server.call({ method: 'GET', url: '/api/auth/dealer-application-status', user });
    expect(alias.data.data.id).toBe(applicationId);

    // Admin-only routes.
    for (const caller of [customer, dealerA.user, user]) {
      expect(
        (await server.call({ method: 'GET', url: '/api/dealers/admin/pending', user: caller })).statusCode,
      ).toBe(403);
      expect(
        (await server.call({ method: 'PUT', url: `/api/dealers/${applicationId}/approve`, user: caller }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await server.call({
            method: 'PUT',
            url: `/api/dealers/${applicationId}/reject`,
            user: caller,
            payload: {},
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await server.call({ method: 'GET', url: '/api/dealers/admin/pending' })).statusCode).toBe(401);
    expect((await account(user.id))?.role).toBe('customer');

    const pending = await server.call({ method: 'GET', url: '/api/dealers/admin/pending', user: admin });
    expect(pending.statusCode).toBe(200);
    const listed = pending.data.data.applications.find((a: any) => a.id === applicationId);
    expect(listed).toMatchObject({
      applicantName: 'Sibusiso',
      applicantPhone: user.phone,
      status: 'pending',
    });

    for (const bad of [crypto.randomUUID(), 'x']) {
      expect(
        (await server.call({ method: 'PUT', url: `/api/dealers/${bad}/approve`, user: admin })).statusCode,
      ).toBe(404);
    }
    const approved = await server.call({
      method: 'PUT',
      url: `/api/dealers/${applicationId}/approve`,
      user: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.data.data.application.status).toBe('approved');
    expect(approved.data.data.dealer).toMatchObject({ name: 'Sibusiso Autos', location: 'Nhlangano' });
    expect((await account(user.id))?.role).toBe('dealer');
    const again = await server.call({
      method: 'PUT',
      url: `/api/dealers/${applicationId}/approve`,
      user: admin,
    });
    expect(again.statusCode).toBe(200);
    expect(again.data.data.dealer.id).toBe(approved.data.data.dealer.id);
    const rows = await server.ctx.db.select().from(dealers).where(eq(dealers.userId, user.id));
    expect(rows).toHaveLength(1);

    // The new dealer lists a car with a token still saying customer: the database decides.
    const car = await server.call({
      method: 'POST',
      url: '/api/cars',
      user,
      payload: {
        make: 'Ford',
        model: 'Ranger',
        year: 2022,
        mileage: 1000,
        exteriorColor: 'Blue',
        interiorColor: 'Grey',
        description: 'Nearly new double cab bakkie.',
      },
    });
    expect(car.statusCode, car.body).toBe(201);
    expect(car.data.data).toMatchObject({ sellerType: 'dealer', dealerName: 'Sibusiso Autos' });

    const existing = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user: dealerA.user,
      payload: { businessType: 'dealer', businessName: 'More', location: 'Mbabane' },
    });
    expect(existing.statusCode).toBe(409);
    const cannotReject = await server.call({
      method: 'PUT',
      url: `/api/dealers/${applicationId}/reject`,
      user: admin,
      payload: {},
    });
    expect(cannotReject.statusCode).toBe(409);
  });

  it('approves private sellers at once; they can list cars as Private Seller', async () => {
    const user = await server.createUser({ name: 'Lindiwe' });
    const res = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'private', location: 'Siteki, Eswatini' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({
      status: 'approved',
      businessType: 'private',
      businessName: 'Lindiwe',
    });
    expect(await account(user.id)).toMatchObject({ isPrivateSeller: true, role: 'customer' });
    const missingLocation = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user: await server.createUser(),
      payload: { businessType: 'private' },
    });
    expect(missingLocation.statusCode).toBe(400);
    expect(missingLocation.data.errors.map((e: any) => e.field)).toEqual(['location']);
    const twice = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'private', location: 'Siteki' },
    });
    expect(twice.statusCode).toBe(409);
    const approve = await server.call({
      method: 'PUT',
      url: `/api/dealers/${res.data.data.id}/approve`,
      user: admin,
    });
    expect(approve.statusCode).toBe(409);
    expect((await account(user.id))?.role).toBe('customer');

    const car = await server.call({
      method: 'POST',
      url: '/api/cars',
      user,
      payload: {
        make: 'VW',
        model: 'Polo',
        year: 2018,
        mileage: 80000,
        exteriorColor: 'Red',
        interiorColor: 'Black',
        description: 'One owner, city driven.',
      },
    });
    expect(car.statusCode, car.body).toBe(201);
    expect(car.data.data).toMatchObject({
      sellerLabel: 'Private Seller',
      sellerLocation: 'Siteki, Eswatini',
    });
  });

  it('keeps a rejected applicant from applying again, with the notes on their application', async () => {
    const user = await server.createUser();
    const res = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'dealer', businessName: 'Shady Deals', location: 'Nowhere' },
    });
    const id = res.data.data.id;
    const tooLong = await server.call({
      method: 'PUT',
      url: `/api/dealers/${id}/reject`,
      user: admin,
      payload: { reviewNotes: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const rejected = await server.call({
      method: 'PUT',
      url: `/api/dealers/${id}/reject`,
      user: admin,
      payload: { reviewNotes: 'Licence could not be verified' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.data.data.application).toMatchObject({
      status: 'rejected',
      reviewNotes: 'Licence could not be verified',
    });
    const mine = await server.call({ method: 'GET', url: '/api/dealer-applications/my-application', user });
    expect(mine.data.data).toMatchObject({
      status: 'rejected',
      reviewNotes: 'Licence could not be verified',
    });
    for (const businessType of ['dealer', 'private']) {
      const again = await server.call({
        method: 'POST',
        url: '/api/dealer-applications',
        user,
        payload: { businessType, businessName: 'Shady Deals 2', location: 'Nowhere' },
      });
      expect(again.statusCode).toBe(403);
      expect(again.data.error).toBe('Your application was rejected. Please contact support.');
    }
    expect((await account(user.id))?.role).toBe('customer');
    expect(await applicationsOf(user.id)).toHaveLength(1);
  });

  it('lets the applicant cancel a pending application, then apply again', async () => {
    const user = await server.createUser();
    const none = await server.call({ method: 'GET', url: '/api/dealer-applications/my-application', user });
    expect(none.statusCode).toBe(200);
    expect(none.data.data).toBeNull();
    expect(
      (await server.call({ method: 'DELETE', url: '/api/dealer-applications/my-application', user }))
        .statusCode,
    ).toBe(404);
    const payload = { businessType: 'dealer', businessName: 'Maybe Motors', location: 'Lobamba' };
    await server.call({ method: 'POST', url: '/api/dealer-applications', user, payload });
    const cancel = await server.call({
      method: 'DELETE',
      url: '/api/dealer-applications/my-application',
      user,
    });
    expect(cancel.statusCode).toBe(200);
    expect(
      (await server.call({ method: 'GET', url: '/api/dealer-applications/my-application', user })).data.data,
    ).toBeNull();
    const pending = await server.call({ method: 'GET', url: '/api/dealers/admin/pending', user: admin });
    expect(pending.data.data.applications.some((a: any) => a.userId === user.id)).toBe(false);
    const reapply = await server.call({ method: 'POST', url: '/api/dealer-applications', user, payload });
    expect(reapply.statusCode).toBe(201);
    expect(
      (await server.call({ method: 'DELETE', url: '/api/dealer-applications/my-application' })).statusCode,
    ).toBe(401);
  });

  it('keeps one open application when the same user submits several at once', async () => {
    const user = await server.createUser();
    const payload = { businessType: 'dealer', businessName: 'Rush Motors', location: 'Mbabane' };
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        server.call({ method: 'POST', url: '/api/dealer-applications', user, payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await applicationsOf(user.id)).toHaveLength(1);
  });

  it('approves once when two admins approve at the same time', async () => {
    const user = await server.createUser();
    const res = await server.call({
      method: 'POST',
      url: '/api/dealer-applications',
      user,
      payload: { businessType: 'dealer', businessName: 'Twin Motors', location: 'Manzini' },
    });
    const admin2 = await server.createUser({ role: 'admin' });
    const answers = await Promise.all(
      [admin, admin2].map((caller) =>
        server.call({ method: 'PUT', url: `/api/dealers/${res.data.data.id}/approve`, user: caller }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await server.ctx.db.select().from(dealers).where(eq(dealers.userId, user.id))).toHaveLength(1);
  });
});
