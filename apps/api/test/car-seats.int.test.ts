import { readFileSync } from 'node:fs';
import { MODEL_SEATS, SEATS_BY_BODY } from '@autoreel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarRepository } from '../src/cars/car.repository.ts';
import { createDealer, createPrivateSeller, validCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let repo: CarRepository;
let dealer: TestDealer;
let otherDealer: TestDealer;

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  dealer = await createDealer(server);
  otherDealer = await createDealer(server, { name: 'Other Motors' });
});
afterAll(() => server.close());

const create = (payload: Record<string, unknown>, user: TestUser = dealer.user) =>
  server.call({ method: 'POST', url: '/api/cars', user, payload });

describe('seats on a listing', () => {
  it('stores the seats the seller gives and answers them', async () => {
    const res = await create({ ...validCar, make: 'Toyota', model: 'Fortuner', bodyType: 'SUV', seats: 7 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data.seats).toBe(7);
    expect((await repo.findById(res.data.data.id))?.car.seats).toBe(7);
    const read = await server.call({ method: 'GET', url: `/api/cars/${res.data.data.id}` });
    expect(read.data.data.seats).toBe(7);
  });

  it("takes the model's usual seats when the seller gives none", async () => {
    const fortuner = await create({ ...validCar, model: 'Fortuner', bodyType: 'SUV' });
    expect(fortuner.data.data.seats).toBe(7);
    const hilux = await create(validCar);
    expect(hilux.data.data.seats).toBe(5);
    const seller = await createPrivateSeller(server, 'Roadster Owner');
    const mx5 = await create({ ...validCar, make: 'Mazda', model: 'MX-5', bodyType: 'Convertible' }, seller);
    expect(mx5.data.data.seats).toBe(2);
    const unknown = await create({ ...validCar, make: 'Rare', model: 'Coupe One', bodyType: 'Coupe' });
    expect(unknown.data.data.seats).toBe(4);
  });

  it('refuses seats that are not a whole number from 1 to 16 with a field error, storing nothing', async () => {
    const before = await repo.count({});
    for (const seats of [0, -2, 17, 5.5, 'seven', null]) {
      const res = await create({ ...validCar, seats });
      expect(res.statusCode, String(seats)).toBe(400);
      expect(res.data.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'seats' })]));
    }
    expect(await repo.count({})).toBe(before);
  });

  it('lets the seller change the seats, and nobody else', async () => {
    const id = (await create(validCar)).data.data.id;
    const update = (payload: unknown, user: TestUser) =>
      server.call({
        method: 'PUT',
        url: `/api/cars/${id}`,
        user,
        payload: payload as Record<string, unknown>,
      });
    const res = await update({ seats: 3 }, dealer.user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data.seats).toBe(3);
    expect((await update({ seats: 40 }, dealer.user)).statusCode).toBe(400);
    expect((await update({ seats: 2 }, otherDealer.user)).statusCode).toBe(403);
    expect((await repo.findById(id))?.car.seats).toBe(3);
  });
});

describe('the seats filter of GET /cars', () => {
  it('lists only cars with at least the seats asked for, and refuses a count no car has', async () => {
    const seller = await createPrivateSeller(server, 'Seats Filter Owner');
    const make = 'Seatsfiltermake';
    for (const [model, seats] of [
      ['Two', 2],
      ['Five', 5],
      ['Seven', 7],
      ['Eight', 8],
    ] as const) {
      const res = await create({ ...validCar, make, model, bodyType: 'SUV', seats }, seller);
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (query: string) => server.call({ method: 'GET', url: `/api/cars?make=${make}&${query}` });
    const seatsOf = (res: Awaited<ReturnType<typeof list>>) =>
      (res.data.data.cars as { seats: number }[]).map((car) => car.seats).sort((a, b) => a - b);
    for (const sort of ['newest', 'price-low', 'mileage']) {
      const seven = await list(`minSeats=7&sort=${sort}`);
      expect(seven.statusCode, seven.body).toBe(200);
      expect(seatsOf(seven), sort).toEqual([7, 8]);
      expect(seven.data.data.total).toBe(2);
    }
    expect(seatsOf(await list('minSeats=5'))).toEqual([5, 7, 8]);
    // Blank or 0 is no filter, as for every bound.
    expect(seatsOf(await list('minSeats='))).toEqual([2, 5, 7, 8]);
    expect(seatsOf(await list('minSeats=0'))).toEqual([2, 5, 7, 8]);
    for (const bad of ['17', '-1', '2.5', 'seven']) {
      const res = await list(`minSeats=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.data.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'minSeats' })]),
      );
    }
  });
});

describe('the seats backfill of migration 0010', () => {
  it('gives existing cars the same seats as the catalogue lookup', () => {
    const sql = readFileSync(new URL('../drizzle/0010_car_seats.sql', import.meta.url), 'utf8');
    const rows = [...sql.matchAll(/\('([^']+)', '([^']+)', (\d+)\)/g)].map(([, make, model, seats]) => [
      make,
      model,
      Number(seats),
    ]);
    const expected = Object.entries(MODEL_SEATS).flatMap(([make, models]) =>
      Object.entries(models).map(([model, seats]) => [make.toLowerCase(), model.toLowerCase(), seats]),
    );
    expect(rows).toEqual(expected);
    for (const [body, seats] of Object.entries(SEATS_BY_BODY)) {
      if (seats === 5) continue;
      expect(sql).toContain(`SET "seats" = ${seats} WHERE lower("body_type") = '${body.toLowerCase()}'`);
    }
  });
});
