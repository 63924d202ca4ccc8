import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carLikes, mediaObjects } from '../src/db/schema/index.ts';
import { CarRepository, type CarInsert } from '../src/cars/car.repository.ts';
import { DealerRepository } from '../src/dealers/dealer.repository.ts';
import { CarService } from '../src/cars/car.service.ts';
import {
  carValues,
  createDealer,
  createPrivateSeller,
  insertCar,
  validCar,
  type TestDealer,
} from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let repo: CarRepository;
let dealerA: TestDealer;
let dealerB: TestDealer;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  dealerA = await createDealer(server, { name: 'Alpha Motors', location: 'Mbabane' });
  dealerB = await createDealer(server, { name: 'Beta Cars', location: 'Manzini' });
  customer = await server.createUser({ role: 'customer' });
  admin = await server.createUser({ role: 'admin' });
});
afterAll(() => server.close());

async function readCar(id: string) {
  return (await repo.findById(id))?.car;
}

describe('GET /cars: filters, sorts, keyset pages, search', () => {
  const ids: string[] = [];
  const makes = ['Toyota', 'Mercedes-Benz', 'BMW', 'Honda'];
  const bodies = ['Sedan', 'SUV', 'Hatchback'];
  const fuels = ['Petrol', 'Diesel', 'Electric'];

  beforeAll(async () => {
    // 60 active cars in one statement (so several share created_at: the id breaks the tie), plus hidden ones.
    const rows: CarInsert[] = Array.from({ length: 60 }, (_, i) =>
      carValues({
        sellerId: dealerA.user.id,
        dealerId: dealerA.dealerId,
        make: makes[i % 4]!,
        model: `Model${i % 5}`,
        bodyType: bodies[i % 3]!,
        fuelType: fuels[i % 3]!,
        transmission: i % 2 === 0 ? 'Automatic' : 'Manual',
        condition: i % 7 === 0 ? 'New' : 'Used',
        year: 2010 + (i % 15),
        price: 100_000 + (i % 12) * 50_000,
        mileage: (i * 7919) % 200_000,
      }),
    );
    ids.push(...(await repo.insertMany(rows)));
    await repo.insertMany([
      carValues({ sellerId: dealerA.user.id, dealerId: dealerA.dealerId, make: 'Lexus', status: 'sold' }),
      carValues({ sellerId: dealerA.user.id, dealerId: dealerA.dealerId, make: 'Lexus', status: 'reserved' }),
    ]);
  });

  async function list(query: string) {
    const res = await server.call({ method: 'GET', url: `/api/cars?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.data.data as { cars: any[]; total: number; nextCursor: string | null };
  }

  async function all(query: string, limit = 7) {
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { cars: any[]; nextCursor: string | null } = await list(
        `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.cars);
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(40);
    } while (cursor);
    return seen;
  }

  it('answers the first page with total and a cursor, only active cars, with the car answer shape', async () => {
    const page = await list('');
    expect(page.cars).toHaveLength(20);
    expect(page.total).toBe(60);
    expect(page.nextCursor).toEqual(expect.any(String));
    const car = page.cars[0];
    expect(car.id).toBe(car._id);
    expect(car).toMatchObject({
      dealerName: 'Alpha Motors',
      dealerLocation: 'Mbabane',
      sellerType: 'dealer',
    });
    expect(page.cars.every((c) => c.status === 'active')).toBe(true);
  });

  it.each([
    ['newest', (a: any, b: any) => (a.createdAt >= b.createdAt ? 0 : 1)],
    ['price-low', (a: any, b: any) => (a.price <= b.price ? 0 : 1)],
    ['price-high', (a: any, b: any) => (a.price >= b.price ? 0 : 1)],
    ['mileage', (a: any, b: any) => (a.mileage <= b.mileage ? 0 : 1)],
  ])('pages through every car sorted by %s with no duplicates or gaps', async (sort, outOfOrder) => {
    const cars = await all(`sort=${sort}`);
    expect(cars).toHaveLength(60);
    expect(new Set(cars.map((c) => c.id)).size).toBe(60);
    expect(new Set(cars.map((c) => c.id))).toEqual(new Set(ids));
    for (let i = 1; i < cars.length; i += 1) expect(outOfOrder(cars[i - 1], cars[i])).toBe(0);
  });

  it('applies each filter, and combined filters, matching the cars that satisfy them', async () => {
    const everything = await all('', 100);
    const check = async (query: string, predicate: (car: any) => boolean) => {
      const expected = everything.filter(predicate).map((c) => c.id);
      expect(expected.length, query).toBeGreaterThan(0);
      const got = await all(query, 25);
      expect(got.map((c) => c.id).sort(), query).toEqual(expected.sort());
      expect((await list(query)).total).toBe(expected.length);
    };
    await check('make=BMW', (c) => c.make === 'BMW');
    await check('make=bmw&model=model2', (c) => c.make === 'BMW' && c.model === 'Model2');
    await check('bodyType=SUV', (c) => c.bodyType === 'SUV');
    await check('fuelType=Electric', (c) => c.fuelType === 'Electric');
    await check('transmission=Manual', (c) => c.transmission === 'Manual');
    await check('condition=New', (c) => c.condition === 'New');
    await check('minPrice=300000', (c) => c.price >= 300_000);
    await check('maxPrice=200000', (c) => c.price <= 200_000);
    await check('minYear=2020', (c) => c.year >= 2020);
    await check('maxYear=2012', (c) => c.year <= 2012);
    await check('maxMileage=50000', (c) => c.mileage <= 50_000);
    await check(
      'make=Toyota&bodyType=Sedan&maxPrice=150000&minYear=2015&sort=price-high',
      (c) => c.make === 'Toyota' && c.bodyType === 'Sedan' && c.price <= 150_000 && c.year >= 2015,
    );
    await check(
      'fuelType=Diesel&transmission=Automatic&maxMileage=150000&minYear=2012',
      (c) =>
        c.fuelType === 'Diesel' && c.transmission === 'Automatic' && c.mileage <= 150_000 && c.year >= 2012,
    );
  });

  it('treats empty and 0 as no filter', async () => {
    expect((await list('make=&minPrice=0&maxPrice=&maxMileage=0&bodyType=')).total).toBe(60);
  });

  it('finds makes through typos and words through full-text search', async () => {
    const mercedes = await list('search=mercedez&limit=100');
    expect(mercedes.total).toBe(15);
    expect(mercedes.cars.every((c) => c.make === 'Mercedes-Benz')).toBe(true);
    const toyota = await list('search=toyta&limit=100');
    expect(toyota.total).toBe(15);
    expect(toyota.cars.every((c) => c.make === 'Toyota')).toBe(true);
    // Every word must match: 'toyota' narrows the typo-tolerant 'model3' down to Toyotas.
    const both = await list('search=toyota%20model3&limit=100');
    expect(both.cars.some((c) => c.model === 'Model3')).toBe(true);
    expect(both.cars.every((c) => c.make === 'Toyota')).toBe(true);
    expect((await list('search=zzzqqq')).total).toBe(0);
    // Punctuation and tsquery syntax are plain text, never an error.
    expect((await list(`search=${encodeURIComponent("a & b | !c ' :*")}`)).cars).toBeDefined();
  });

  it('refuses bad queries with 400, never 500', async () => {
    for (const query of [
      'sort=cheapest',
      'limit=101',
      'limit=-1',
      'minPrice=abc',
      'bodyType=Spaceship',
      'minPrice=500&maxPrice=100',
      'cursor=garbage',
      `cursor=${Buffer.from(JSON.stringify({ s: 'newest', k: '1; drop table cars', i: 'x' })).toString('base64url')}`,
    ]) {
      const res = await server.call({ method: 'GET', url: `/api/cars?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.data.success).toBe(false);
    }
    const first = await list('sort=newest&limit=2');
    const other = await server.call({
      method: 'GET',
      url: `/api/cars?sort=price-low&cursor=${first.nextCursor}`,
    });
    expect(other.statusCode).toBe(400);
  });

  it('shows sold and reserved cars by id and to their owner, not in the public list', async () => {
    const publicLexus = await list('make=Lexus');
    expect(publicLexus.total).toBe(0);
    const mine = await server.call({ method: 'GET', url: '/api/cars/mine?make=Lexus', user: dealerA.user });
    expect(mine.statusCode).toBe(200);
    expect(mine.data.data.cars.map((c: any) => c.status).sort()).toEqual(['reserved', 'sold']);
    const anonymousMine = await server.call({ method: 'GET', url: '/api/cars/mine' });
    expect(anonymousMine.statusCode).toBe(401);
  });
});

describe('GET /cars/:id', () => {
  it('answers any status, and 404 for unknown or malformed ids', async () => {
    const id = await insertCar(server, {
      sellerId: dealerA.user.id,
      dealerId: dealerA.dealerId,
      status: 'sold',
    });
    const res = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ id, _id: id, status: 'sold', sellerName: 'Alpha Motors' });
    for (const bad of [crypto.randomUUID(), 'not-a-uuid', '123']) {
      const missing = await server.call({ method: 'GET', url: `/api/cars/${bad}` });
      expect(missing.statusCode, bad).toBe(404);
    }
  });
});

describe('POST /cars', () => {
  it('lets a dealer list a car, active, as a dealer listing', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/cars',
      user: dealerA.user,
      payload: validCar,
    });
    expect(res.statusCode, res.body).toBe(201);
    const car = res.data.data;
    expect(car._id).toBe(car.id);
    expect(car).toMatchObject({
      status: 'active',
      sellerType: 'dealer',
      dealerId: dealerA.dealerId,
      sellerId: dealerA.user.id,
      dealerName: 'Alpha Motors',
      formattedPrice: 'E450,000',
      currency: { code: 'SZL', symbol: 'E' },
      images: [],
      videos: [],
    });
  });

  it('lets a private seller list a car marked Private Seller, and applies the new-car defaults', async () => {
    const seller = await createPrivateSeller(server, 'Nomsa');
    const { fuelType: _f, transmission: _t, bodyType: _b, condition: _c, ...minimal } = validCar;
    const res = await server.call({
      method: 'POST',
      url: '/api/cars',
      user: seller,
      payload: { ...minimal, price: undefined, status: 'sold' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({
      sellerType: 'private',
      isPrivateSeller: true,
      sellerLabel: 'Private Seller',
      dealerId: null,
      sellerName: 'Nomsa',
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      condition: 'Used',
      status: 'active',
      price: 0,
      formattedPrice: 'Contact for price',
    });
  });

  it('lists a car in the country sent, in its currency, and moves it to another served country', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/cars',
      user: dealerA.user,
      payload: { ...validCar, countryCode: 'za' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({ countryId: 'ZA', currency: { code: 'ZAR', symbol: 'R' } });
    const moved = await server.call({
      method: 'PUT',
      url: `/api/cars/${res.data.data.id}`,
      user: dealerA.user,
      payload: { countryCode: 'SZ' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data.data).toMatchObject({ countryId: 'SZ', currency: { code: 'SZL', symbol: 'E' } });
  });

  it('refuses a listing country the marketplace does not serve, or no country at all, storing nothing', async () => {
    const before = await repo.count({});
    for (const countryCode of ['BR', 'XX', 'Eswatini', '']) {
      const res = await server.call({
        method: 'POST',
        url: '/api/cars',
        user: dealerA.user,
        payload: { ...validCar, countryCode },
      });
      expect(res.statusCode, countryCode).toBe(400);
      expect(res.data.errors).toEqual([expect.objectContaining({ field: 'countryCode' })]);
    }
    expect(await repo.count({})).toBe(before);
  });

  it('refuses customers and admins without a dealership (403), anonymous callers (401), and stores nothing', async () => {
    const before = await repo.count({});
    for (const user of [customer, admin]) {
      const res = await server.call({ method: 'POST', url: '/api/cars', user, payload: validCar });
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await server.call({ method: 'POST', url: '/api/cars', payload: { nonsense: true } });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await server.call({
      method: 'POST',
      url: '/api/cars',
      headers: { authorization: 'Bearer nope' },
      payload: validCar,
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.data.message).toContain('Invalid or expired token');
    expect(await repo.count({})).toBe(before);
  });

  it('refuses bad bodies with 400 and field errors, storing nothing', async () => {
    const before = await repo.count({});
    for (const payload of [
      {},
      { ...validCar, year: 1800 },
      { ...validCar, make: '' },
      { ...validCar, price: -5 },
      { ...validCar, mileage: 'lots' },
      { ...validCar, fuelType: 'Steam' },
      { ...validCar, description: 'short' },
      { ...validCar, images: ['cars/someone-else/x.jpg'] },
    ]) {
      const res = await server.call({ method: 'POST', url: '/api/cars', user: dealerA.user, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.data.errors?.length ?? 0).toBeGreaterThan(0);
    }
    const notJson = await server.call({
      method: 'POST',
      url: '/api/cars',
      user: dealerA.user,
      headers: { 'content-type': 'application/json' },
      payload: '{"make":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await repo.count({})).toBe(before);
  });
});

describe('PUT and DELETE /cars/:id: who may change a car', () => {
  async function dealerACar() {
    return insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId, price: 300_000 });
  }

  it('lets the owner change any field partially', async () => {
    const id = await dealerACar();
    const res = await server.call({
      method: 'PUT',
      url: `/api/cars/${id}`,
      user: dealerA.user,
      payload: { price: 275000, status: 'reserved', features: ['Sunroof', 'sunroof', ' '] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toMatchObject({
      price: 275000,
      status: 'reserved',
      features: ['Sunroof'],
      make: 'Toyota',
    });
    const stored = await readCar(id);
    expect(stored?.status).toBe('reserved');
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(stored!.createdAt.getTime() - 1);
  });

  it('refuses another dealer and a customer (403) and an anonymous caller (401), leaving the car unchanged', async () => {
    const id = await dealerACar();
    for (const [user, status] of [
      [dealerB.user, 403],
      [customer, 403],
      [undefined, 401],
    ] as const) {
      const put = await server.call({
        method: 'PUT',
        url: `/api/cars/${id}`,
        ...(user ? { user } : {}),
        payload: { price: 1, status: 'sold' },
      });
      expect(put.statusCode).toBe(status);
      const del = await server.call({ method: 'DELETE', url: `/api/cars/${id}`, ...(user ? { user } : {}) });
      expect(del.statusCode).toBe(status);
    }
    const stored = await readCar(id);
    expect(stored).toMatchObject({ price: 300_000, status: 'active' });
  });

  it('lets an admin moderate any car: edit and delete', async () => {
    const id = await dealerACar();
    const put = await server.call({
      method: 'PUT',
      url: `/api/cars/${id}`,
      user: admin,
      payload: { status: 'sold' },
    });
    expect(put.statusCode).toBe(200);
    expect((await readCar(id))?.status).toBe('sold');
    const del = await server.call({ method: 'DELETE', url: `/api/cars/${id}`, user: admin });
    expect(del.statusCode).toBe(200);
    expect(await readCar(id)).toBeUndefined();
  });

  it('answers 404 for unknown or malformed ids and 400 for bad bodies, changing nothing', async () => {
    const id = await dealerACar();
    for (const bad of [crypto.randomUUID(), 'nope']) {
      expect(
        (
          await server.call({
            method: 'PUT',
            url: `/api/cars/${bad}`,
            user: dealerA.user,
            payload: { price: 1 },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await server.call({ method: 'DELETE', url: `/api/cars/${bad}`, user: dealerA.user })).statusCode,
      ).toBe(404);
    }
    for (const payload of [{}, { status: 'gone' }, { year: 'new' }, { price: -1 }, { images: 'x' }]) {
      const res = await server.call({ method: 'PUT', url: `/api/cars/${id}`, user: dealerA.user, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await readCar(id)).toMatchObject({ price: 300_000, status: 'active' });
  });

  it('keeps the photos in the order the seller put them, the first being the cover that fronts the car', async () => {
    const id = await dealerACar();
    const photo = (name: string) => ({
      key: `cars/${id}/${name}.jpg`,
      ownerId: dealerA.user.id,
      folder: `cars/${id}`,
      kind: 'image',
      mimeType: 'image/jpeg',
      size: 10,
    });
    await server.ctx.db.insert(mediaObjects).values([photo('a'), photo('b'), photo('c')]);
    const put = (images: string[], user = dealerA.user) =>
      server.call({ method: 'PUT', url: `/api/cars/${id}`, user, payload: { images } });
    const keys = (...names: string[]) => names.map((n) => `cars/${id}/${n}.jpg`);

    expect((await put(keys('c', 'a', 'b'))).statusCode).toBe(200);
    let shown = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(shown.data.data.images).toEqual(keys('c', 'a', 'b').map((k) => `/media/${k}`));
    expect(shown.data.data.poster).toBe(`/media/cars/${id}/c.jpg`);

    // A new cover is a new order: the chosen photo first.
    expect((await put(keys('b', 'c', 'a'))).statusCode).toBe(200);
    shown = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(shown.data.data.images).toEqual(keys('b', 'c', 'a').map((k) => `/media/${k}`));
    expect(shown.data.data.poster).toBe(`/media/cars/${id}/b.jpg`);

    // Nobody else reorders them.
    expect((await put(keys('a', 'b', 'c'), dealerB.user)).statusCode).toBe(403);
    expect((await put(keys('a', 'b', 'c'), customer)).statusCode).toBe(403);
    expect((await readCar(id))?.images).toEqual(keys('b', 'c', 'a'));
  });

  it("accepts only media the owner uploaded to the car's folder, and shows videos once ready", async () => {
    const id = await dealerACar();
    const otherId = await dealerACar();
    await server.ctx.db.insert(mediaObjects).values([
      {
        key: `cars/${id}/a.jpg`,
        ownerId: dealerA.user.id,
        folder: `cars/${id}`,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: 10,
      },
      {
        key: `cars/${id}/v.mp4`,
        ownerId: dealerA.user.id,
        folder: `cars/${id}`,
        kind: 'video',
        mimeType: 'video/mp4',
        size: 10,
        status: 'processing',
      },
      {
        key: `cars/${otherId}/b.jpg`,
        ownerId: dealerA.user.id,
        folder: `cars/${otherId}`,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: 10,
      },
      {
        key: `cars/${id}/stolen.jpg`,
        ownerId: dealerB.user.id,
        folder: `cars/${id}`,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: 10,
      },
    ]);
    for (const payload of [
      { images: [`cars/${otherId}/b.jpg`] },
      { images: [`cars/${id}/stolen.jpg`] },
      { images: [`cars/${id}/v.mp4`] },
      { videos: [`cars/${id}/nothing.mp4`] },
    ]) {
      const res = await server.call({ method: 'PUT', url: `/api/cars/${id}`, user: dealerA.user, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const ok = await server.call({
      method: 'PUT',
      url: `/api/cars/${id}`,
      user: dealerA.user,
      payload: { images: [`cars/${id}/a.jpg`], videos: [`cars/${id}/v.mp4`] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.data.images).toEqual([`/media/cars/${id}/a.jpg`]);
    expect(ok.data.data.videos).toEqual([]);
    expect(ok.data.data.videoStatus).toBe('processing');
    await repo.update(id, { videoStatus: 'ready' }, new Date());
    const shown = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(shown.data.data.videos).toEqual([`/media/cars/${id}/v.mp4`]);
    // Clients send back the URLs they were given; they are read as the same keys.
    const echoed = await server.call({
      method: 'PUT',
      url: `/api/cars/${id}`,
      user: dealerA.user,
      payload: { images: shown.data.data.images, videos: shown.data.data.videos },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect((await readCar(id))?.images).toEqual([`cars/${id}/a.jpg`]);

    const del = await server.call({ method: 'DELETE', url: `/api/cars/${id}`, user: dealerA.user });
    expect(del.statusCode).toBe(200);
    expect(await readCar(id)).toBeUndefined();
    const left = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.folder, `cars/${id}`));
    expect(left).toEqual([]);
    const again = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /cars/bulk-status', () => {
  it("changes all of the caller's cars, or none when one is foreign or unknown", async () => {
    const mine = await Promise.all(
      [1, 2, 3].map(() => insertCar(server, { sellerId: dealerB.user.id, dealerId: dealerB.dealerId })),
    );
    const foreign = await insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId });
    const statuses = async () => (await Promise.all([...mine, foreign].map(readCar))).map((c) => c?.status);

    const withForeign = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: dealerB.user,
      payload: { carIds: [...mine, foreign], status: 'sold' },
    });
    expect(withForeign.statusCode).toBe(403);
    expect(await statuses()).toEqual(['active', 'active', 'active', 'active']);

    const withUnknown = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: dealerB.user,
      payload: { carIds: [...mine, crypto.randomUUID()], status: 'sold' },
    });
    expect(withUnknown.statusCode).toBe(404);
    expect(await statuses()).toEqual(['active', 'active', 'active', 'active']);

    // An admin is no exception: bulk changes are for one's own inventory.
    const byAdmin = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: admin,
      payload: { carIds: mine, status: 'sold' },
    });
    expect(byAdmin.statusCode).toBe(403);

    for (const payload of [
      { carIds: [], status: 'sold' },
      { carIds: mine, status: 'gone' },
      { carIds: 'x' },
      {},
    ]) {
      const res = await server.call({
        method: 'POST',
        url: '/api/cars/bulk-status',
        user: dealerB.user,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anonymous = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      payload: { carIds: mine, status: 'sold' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await statuses()).toEqual(['active', 'active', 'active', 'active']);

    const ok = await server.call({
      method: 'POST',
      url: '/api/cars/bulk-status',
      user: dealerB.user,
      payload: { carIds: mine, status: 'sold' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.data).toEqual({ updated: 3 });
    expect(await statuses()).toEqual(['sold', 'sold', 'sold', 'active']);
  });
});

describe('GET /cars/user/liked', () => {
  it("pages the caller's liked cars, newest like first, with likedAt", async () => {
    const liker = await server.createUser();
    const carIds = await Promise.all(
      [1, 2, 3].map(() => insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId })),
    );
    await server.ctx.db.insert(carLikes).values(
      carIds.map((carId, i) => ({
        userId: liker.id,
        carId,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const first = await server.call({
      method: 'GET',
      url: '/api/cars/user/liked?page=1&limit=2',
      user: liker,
    });
    expect(first.statusCode).toBe(200);
    expect(first.data.data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.data.data.cars.map((c: any) => c.id)).toEqual([carIds[2], carIds[1]]);
    expect(first.data.data.cars[0].likedAt).toBe('2026-01-03T00:00:00.000Z');
    const second = await server.call({
      method: 'GET',
      url: '/api/cars/user/liked?page=2&limit=2',
      user: liker,
    });
    expect(second.data.data.cars.map((c: any) => c.id)).toEqual([carIds[0]]);
    const defaults = await server.call({ method: 'GET', url: '/api/cars/user/liked', user: liker });
    expect(defaults.data.data).toMatchObject({ page: 1, limit: 20 });
    // Someone else's likes are not the caller's.
    const other = await server.call({ method: 'GET', url: '/api/cars/user/liked', user: customer });
    expect(other.data.data.total).toBe(0);
    expect((await server.call({ method: 'GET', url: '/api/cars/user/liked' })).statusCode).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: '/api/cars/user/liked?page=0', user: liker })).statusCode,
    ).toBe(400);
  });
});

describe('deleting a car removes its files through the storage port', () => {
  it('passes the keys of the deleted media rows, and a failing storage does not fail the delete', async () => {
    const removed: string[] = [];
    const errors: string[][] = [];
    const make = (removeMediaFiles: (keys: string[]) => Promise<void>) =>
      new CarService({
        cars: repo,
        dealers: new DealerRepository(server.ctx.db),
        config: server.config,
        now: () => new Date(),
        removeMediaFiles,
        onMediaRemovalError: (_error, keys) => errors.push(keys),
      });
    const owner = { id: dealerA.user.id, role: 'dealer' as const };
    for (const [service, expectError] of [
      [make(async (keys) => void removed.push(...keys)), false],
      [make(async () => Promise.reject(new Error('disk gone'))), true],
    ] as const) {
      const id = await insertCar(server, { sellerId: dealerA.user.id, dealerId: dealerA.dealerId });
      await server.ctx.db.insert(mediaObjects).values({
        key: `cars/${id}/p.jpg`,
        ownerId: dealerA.user.id,
        folder: `cars/${id}`,
        kind: 'image',
        mimeType: 'image/jpeg',
        size: 1,
      });
      await service.remove(owner, id);
      expect(await readCar(id)).toBeUndefined();
      if (expectError) expect(errors).toEqual([[`cars/${id}/p.jpg`]]);
      else expect(removed).toEqual([`cars/${id}/p.jpg`]);
    }
  });
});
