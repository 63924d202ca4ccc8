import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carLikes, carViews, cars, comments, dealers } from '../src/db/schema/index.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let alpha: TestDealer;
let beta: TestDealer;
let customer: TestUser;
let otherCustomer: TestUser;
let alphaCars: string[];
let betaCar: string;

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY);
}

async function view(carId: string, viewer: string, at: Date) {
  await server.ctx.db
    .insert(carViews)
    .values({ carId, viewerKey: viewer, hourBucket: Math.floor(at.getTime() / 3_600_000), createdAt: at });
}

function send(user: TestUser, receiverId: string, carId: string, message: string) {
  return server.call({
    method: 'POST',
    url: '/api/messages/send',
    user,
    payload: { receiverId, carId, message, messageType: 'text', contactMethod: 'in_app' },
  });
}

const overview = (user: TestUser | undefined, query = '') =>
  server.call({ method: 'GET', url: `/api/dealers/me/overview${query}`, ...(user ? { user } : {}) });

beforeAll(async () => {
  server = await createTestServer();
  alpha = await createDealer(server, { name: 'Alpha Motors' });
  beta = await createDealer(server, { name: 'Beta Cars' });
  customer = await server.createUser({ name: 'Buyer One' });
  otherCustomer = await server.createUser({ name: 'Buyer Two' });
  const seller = { sellerId: alpha.user.id, dealerId: alpha.dealerId };
  alphaCars = [
    await insertCar(server, { ...seller, make: 'Toyota', model: 'Hilux', year: 2021 }),
    await insertCar(server, { ...seller, make: 'Mazda', model: 'CX-5', year: 2019, status: 'sold' }),
    await insertCar(server, { ...seller, make: 'Honda', model: 'Jazz', year: 2018, status: 'reserved' }),
  ];
  betaCar = await insertCar(server, {
    sellerId: beta.user.id,
    dealerId: beta.dealerId,
    make: 'BMW',
    model: 'X5',
  });

  const [hilux, cx5] = alphaCars as [string, string, string];
  // Hilux: two views this week, one three weeks ago; CX-5: one view this week.
  await view(hilux, 'client:a', daysAgo(1));
  await view(hilux, 'client:b', daysAgo(2));
  await view(hilux, 'client:c', daysAgo(20));
  await view(cx5, 'client:a', daysAgo(0));
  await server.ctx.db.insert(carLikes).values([
    { userId: customer.id, carId: hilux, createdAt: daysAgo(3) },
    { userId: otherCustomer.id, carId: hilux, createdAt: daysAgo(15) },
  ]);
  await server.ctx.db
    .insert(comments)
    .values({ carId: cx5, userId: customer.id, comment: 'Still available?' });
  // Two buyers write about the Hilux (three messages), the dealer answers once: 3 messages, 2 contacts.
  for (const [user, text] of [
    [customer, 'Is the Hilux available?'],
    [customer, 'Can I see it on Saturday?'],
    [otherCustomer, 'What is your best price?'],
  ] as const) {
    expect((await send(user, alpha.user.id, hilux, text)).statusCode).toBe(201);
  }
  expect((await send(alpha.user, customer.id, hilux, 'Yes, come by on Saturday.')).statusCode).toBe(201);
  // Beta's car gets activity that must never show in Alpha's figures.
  await view(betaCar, 'client:z', daysAgo(1));
  expect((await send(customer, beta.user.id, betaCar, 'Hello Beta')).statusCode).toBe(201);
});
afterAll(() => server.close());

describe('GET /dealers/me/overview', () => {
  it('answers the last 7 days of the caller’s own cars: listings by status, totals, days and busiest cars', async () => {
    const res = await overview(alpha.user, '?days=7');
    expect(res.statusCode).toBe(200);
    const data = res.data.data;
    expect(data.days).toBe(7);
    expect(data.listings).toEqual({ total: 3, active: 1, sold: 1, reserved: 1, draft: 0 });
    expect(data.totals).toEqual({ views: 3, likes: 1, comments: 1, contacts: 2, messages: 3 });
    expect(data.daily).toHaveLength(7);
    expect(data.daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const dailyViews = data.daily.reduce((sum: number, day: { views: number }) => sum + day.views, 0);
    expect(dailyViews).toBe(3);
    expect(data.cars.map((car: { title: string }) => car.title)).toEqual([
      '2021 Toyota Hilux',
      '2019 Mazda CX-5',
    ]);
    expect(data.cars[0]).toMatchObject({ id: alphaCars[0], views: 2, likes: 1, contacts: 2, messages: 3 });
    expect(data.cars[1]).toMatchObject({ id: alphaCars[1], status: 'sold', views: 1, comments: 1 });
    expect(data.recentCars).toHaveLength(3);
    expect(data.recentCars.map((car: { id: string }) => car.id).sort()).toEqual([...alphaCars].sort());
    expect(data.verification).toEqual({ isVerified: true, hasBusinessLicense: false });
  });

  it('widens to 30 days, and defaults to 7 when days is absent', async () => {
    const month = (await overview(alpha.user, '?days=30')).data.data;
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toMatchObject({ views: 4, likes: 2 });
    const plain = (await overview(alpha.user)).data.data;
    expect(plain.days).toBe(7);
    expect(plain.totals.views).toBe(3);
  });

  it('shows another dealer only its own figures', async () => {
    const data = (await overview(beta.user, '?days=30')).data.data;
    expect(data.listings).toEqual({ total: 1, active: 1, sold: 0, reserved: 0, draft: 0 });
    expect(data.totals).toEqual({ views: 1, likes: 0, comments: 0, contacts: 1, messages: 1 });
    expect(data.cars.map((car: { id: string }) => car.id)).toEqual([betaCar]);
    expect(data.recentCars.map((car: { id: string }) => car.id)).toEqual([betaCar]);
  });

  it('reminds an unverified dealer, and knows when a business license is on file', async () => {
    await server.ctx.db
      .update(dealers)
      .set({ isVerified: false, businessLicense: 'BL-2026-001' })
      .where(eq(dealers.id, beta.dealerId));
    const data = (await overview(beta.user)).data.data;
    expect(data.verification).toEqual({ isVerified: false, hasBusinessLicense: true });
  });

  it('refuses a customer and an admin without a dealership (403), and anyone signed out (401)', async () => {
    const refused = await overview(customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error).toBe(
      'Access Denied - You need to be signed in as a dealer to access this page',
    );
    const admin = await server.createUser({ role: 'admin' });
    expect((await overview(admin)).statusCode).toBe(403);
    expect((await overview(undefined)).statusCode).toBe(401);
    // Even a token that says dealer gets nothing without a dealership row behind it.
    const tokenOnly = await server.createUser({ role: 'dealer' });
    expect((await overview(tokenOnly)).statusCode).toBe(403);
  });

  it('accepts only 7 or 30 days, with a clear message', async () => {
    for (const bad of ['1', '14', 'week', '7.5', '-7']) {
      const res = await overview(alpha.user, `?days=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.data.error).toBe('days must be 7 or 30');
    }
  });
});

describe('GET /cars/mine?status', () => {
  it('filters the caller’s own cars by status and pages them with a total', async () => {
    const sold = await server.call({ method: 'GET', url: '/api/cars/mine?status=sold', user: alpha.user });
    expect(sold.statusCode).toBe(200);
    expect(sold.data.data.total).toBe(1);
    expect(sold.data.data.cars.map((car: { id: string }) => car.id)).toEqual([alphaCars[1]]);

    const every = await server.call({
      method: 'GET',
      url: '/api/cars/mine?status=&limit=2',
      user: alpha.user,
    });
    expect(every.data.data.total).toBe(3);
    expect(every.data.data.cars).toHaveLength(2);
    const rest = await server.call({
      method: 'GET',
      url: `/api/cars/mine?limit=2&cursor=${every.data.data.nextCursor}`,
      user: alpha.user,
    });
    expect(rest.data.data.cars).toHaveLength(1);
    expect(rest.data.data.nextCursor).toBeNull();
  });

  it('refuses an unknown status and changes nothing', async () => {
    const res = await server.call({ method: 'GET', url: '/api/cars/mine?status=archived', user: alpha.user });
    expect(res.statusCode).toBe(400);
    expect(res.data.errors[0].field).toBe('status');
    const [row] = await server.ctx.db.select({ n: cars.id }).from(cars).where(eq(cars.id, alphaCars[0]!));
    expect(row).toBeDefined();
  });

  it('restores each car’s previous status after a bulk change (the dashboard’s undo)', async () => {
    const [hilux, cx5, jazz] = alphaCars as [string, string, string];
    const bulk = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: alpha.user,
      payload: { carIds: [hilux, cx5, jazz], status: 'sold' },
    });
    expect(bulk.data.data).toEqual({ updated: 3 });
    // Undo groups the cars by the status each had before, one bulk call per group.
    for (const [status, ids] of [
      ['active', [hilux]],
      ['sold', [cx5]],
      ['reserved', [jazz]],
    ] as const) {
      const res = await server.call({
        method: 'POST',
        url: '/api/cars/bulk-status',
        user: alpha.user,
        payload: { carIds: ids, status },
      });
      expect(res.statusCode).toBe(200);
    }
    const after = await server.call({ method: 'GET', url: '/api/cars/mine?limit=10', user: alpha.user });
    const statusOf = new Map(
      after.data.data.cars.map((car: { id: string; status: string }) => [car.id, car.status]),
    );
    expect([statusOf.get(hilux), statusOf.get(cx5), statusOf.get(jazz)]).toEqual([
      'active',
      'sold',
      'reserved',
    ]);

    // A list mixing another dealer's car changes none of them.
    const mixed = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: alpha.user,
      payload: { carIds: [hilux, betaCar], status: 'reserved' },
    });
    expect(mixed.statusCode).toBe(403);
    const again = await server.call({ method: 'GET', url: '/api/cars/mine?status=active', user: alpha.user });
    expect(again.data.data.cars.map((car: { id: string }) => car.id)).toEqual([hilux]);
  });
});

describe('CORS for a console on another origin', () => {
  it('lets an allowed origin edit and delete (PUT, DELETE), and no other origin', async () => {
    const consoleServer = await createTestServer({ config: { corsOrigins: ['http://console.example'] } });
    try {
      const preflight = (origin: string, method: string) =>
        consoleServer.call({
          method: 'OPTIONS',
          url: '/api/cars/00000000-0000-4000-8000-000000000000',
          headers: {
            origin,
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization,content-type',
          },
        });
      for (const method of ['PUT', 'DELETE']) {
        const allowed = await preflight('http://console.example', method);
        expect(allowed.statusCode).toBe(204);
        expect(allowed.headers['access-control-allow-origin']).toBe('http://console.example');
        expect(String(allowed.headers['access-control-allow-methods'])).toContain(method);
      }
      const other = await preflight('http://elsewhere.example', 'PUT');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await consoleServer.close();
    }
  });
});
