import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_SORTS } from '@autoreel/core';
import { resultRows } from '../src/db/client.ts';
import { carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import { createDealer, validCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let dealer: TestDealer;

interface Change {
  seq: string;
  kind: string;
  old_price: number | null;
  new_price: number | null;
  old_status: string | null;
  new_status: string | null;
}

async function changesOf(carId: string): Promise<Change[]> {
  return resultRows<Change>(
    await server.ctx.db.execute(sql`
      select seq::text, kind, old_price, new_price, old_status, new_status from car_changes
      where car_id = ${carId} order by seq`),
  );
}

async function pricesOf(carId: string): Promise<number[]> {
  const rows = resultRows<{ price: number }>(
    await server.ctx.db.execute(sql`select price from car_price_points where car_id = ${carId} order by at`),
  );
  return rows.map((row) => row.price);
}

async function listCar(body: Partial<typeof validCar> = {}): Promise<string> {
  const res = await server.call({
    method: 'POST',
    url: '/api/cars',
    user: dealer.user,
    payload: { ...validCar, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.data.id as string;
}

beforeAll(async () => {
  server = await createTestServer();
  dealer = await createDealer(server);
}, 60_000);
afterAll(() => server.close());

describe('the change log', () => {
  it('is written by API writes: listed, price changed, status changed, details changed, removed', async () => {
    const id = await listCar({ price: 300_000 });
    const put = (payload: object) =>
      server.call({ method: 'PUT', url: `/api/cars/${id}`, user: dealer.user, payload });
    expect((await put({ price: 280_000 })).statusCode).toBe(200);
    expect((await put({ status: 'reserved' })).statusCode).toBe(200);
    expect((await put({ description: 'Now with a tow bar and new tyres.' })).statusCode).toBe(200);
    // Nothing a reader cares about changed: no entry.
    expect((await put({ price: 280_000 })).statusCode).toBe(200);
    const del = await server.call({ method: 'DELETE', url: `/api/cars/${id}`, user: dealer.user });
    expect(del.statusCode).toBe(200);

    const changes = await changesOf(id);
    expect(changes.map((change) => change.kind)).toEqual([
      'listed',
      'price_changed',
      'status_changed',
      'details_changed',
      'removed',
    ]);
    expect(changes[0]).toMatchObject({ new_price: 300_000, new_status: 'active' });
    expect(changes[1]).toMatchObject({ old_price: 300_000, new_price: 280_000 });
    expect(changes[2]).toMatchObject({ old_status: 'active', new_status: 'reserved' });
    expect(changes[4]).toMatchObject({ old_price: 280_000, old_status: 'reserved' });
    // Sequence numbers rise.
    const seqs = changes.map((change) => Number(change.seq));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('is written by a raw SQL update, as a script or psql would, with a price point per change', async () => {
    const id = await listCar({ price: 500_000 });
    await server.ctx.db.execute(sql`update cars set price = 450000 where id = ${id}`);
    await server.ctx.db.execute(sql`update cars set price = 470000, status = 'sold' where id = ${id}`);
    const changes = await changesOf(id);
    expect(changes.map((change) => [change.kind, change.old_price, change.new_price])).toEqual([
      ['listed', null, 500_000],
      ['price_changed', 500_000, 450_000],
      ['price_changed', 450_000, 470_000],
      ['status_changed', 450_000, 470_000],
    ]);
    expect(await pricesOf(id)).toEqual([500_000, 450_000, 470_000]);
  });
});

describe('price history and price drops', () => {
  it('answers the price points, the listing time and the days on the market', async () => {
    const id = await listCar({ price: 600_000 });
    await server.ctx.db.execute(
      sql`update cars set created_at = now() - interval '10 days' where id = ${id}`,
    );
    await server.call({
      method: 'PUT',
      url: `/api/cars/${id}`,
      user: dealer.user,
      payload: { price: 560_000 },
    });
    const res = await server.call({ method: 'GET', url: `/api/cars/${id}/price-history` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.data.data;
    expect(data.points.map((point: { price: number }) => point.price)).toEqual([600_000, 560_000]);
    expect(data.daysOnMarket).toBe(10);
    expect(Date.parse(data.listedAt)).toBeLessThan(Date.now() - 9 * 86_400_000);
    expect(Object.keys(data).sort()).toEqual(['daysOnMarket', 'listedAt', 'points']);
  });

  it('is 404 for a car the caller may not see: unknown, not an id, or its seller suspended', async () => {
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/cars/3f0c2a8e-1111-4111-8111-111111111111/price-history',
        })
      ).statusCode,
    ).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/cars/nope/price-history' })).statusCode).toBe(404);
    const other = await createDealer(server, { name: 'Suspended Motors' });
    const res = await server.call({
      method: 'POST',
      url: '/api/cars',
      user: other.user,
      payload: validCar,
    });
    const id = res.data.data.id as string;
    await server.ctx.accountSuspension.suspend(other.user.id);
    expect((await server.call({ method: 'GET', url: `/api/cars/${id}/price-history` })).statusCode).toBe(404);
  });

  it('marks a car whose price fell in the last 14 days, in the list and the detail, and lists it first under recently reduced', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const older = await listCar({ make: 'Mazda', model: 'CX-5', price: 400_000 });
    const id = await listCar({ make: 'Mazda', model: 'CX-5', price: 380_000 });
    const risen = await listCar({ make: 'Mazda', model: 'CX-5', price: 200_000 });
    const put = (carId: string, price: number) =>
      server.call({ method: 'PUT', url: `/api/cars/${carId}`, user: dealer.user, payload: { price } });
    await put(older, 390_000);
    await put(id, 350_000);
    await put(id, 345_000);
    await put(risen, 190_000);
    await put(risen, 210_000);

    const detail = await server.call({ method: 'GET', url: `/api/cars/${id}` });
    expect(detail.data.data.priceDrop).toMatchObject({ amount: 35_000 });
    expect((await server.call({ method: 'GET', url: `/api/cars/${risen}` })).data.data.priceDrop).toBeNull();

    await index.caughtUp();
    const list = await server.call({ method: 'GET', url: '/api/cars?make=Mazda&sort=recently-reduced' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.data.data.cars.map((car: { id: string }) => car.id)).toEqual([id, older]);
    expect(list.data.data.cars[0].priceDrop).toMatchObject({ amount: 35_000 });
    const all = await server.call({ method: 'GET', url: '/api/cars?make=Mazda' });
    expect(all.data.data.cars.find((car: { id: string }) => car.id === risen).priceDrop).toBeNull();

    // A drop older than 14 days is no longer shown nor listed.
    await server.ctx.db.execute(sql`
      update cars set price_dropped_at = now() - interval '15 days', description = description || ' Serviced.'
      where id = ${older}`);
    await index.caughtUp();
    const later = await server.call({
      method: 'GET',
      url: '/api/cars?make=Mazda&sort=recently-reduced&limit=19',
    });
    expect(later.data.data.cars.map((car: { id: string }) => car.id)).toEqual([id]);
  });

  it('refuses an unknown sort with 400 naming the options', async () => {
    const res = await server.call({ method: 'GET', url: '/api/cars?sort=cheapest' });
    expect(res.statusCode).toBe(400);
    for (const sort of CAR_SORTS) expect(res.body).toContain(sort);
  });
});

describe('pruning the log', () => {
  it('deletes entries past the retention and keeps every price point', async () => {
    const id = await listCar({ price: 100_000 });
    await server.ctx.db.execute(sql`update cars set price = 90000 where id = ${id}`);
    await server.ctx.db.execute(
      sql`update car_changes set at = now() - interval '40 days' where car_id = ${id}`,
    );
    const kept = await listCar({ price: 120_000 });
    const pruned = await server.ctx.carChangesPrune.runOnce();
    expect(pruned).toBeGreaterThanOrEqual(2);
    expect(await changesOf(id)).toEqual([]);
    expect((await changesOf(kept)).length).toBe(1);
    expect(await pricesOf(id)).toEqual([100_000, 90_000]);
  });

  it('an index whose position was pruned past reads the catalogue again and answers correctly', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const before = index.current()!;
    // Listed and pruned (by age: the oldest entries, this listing's among them) before this process saw it.
    const id = await server.ctx.db.transaction(async (tx) => {
      const [row] = resultRows<{ id: string }>(
        await tx.execute(sql`
          insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                            body_type, condition, description, price)
          values (${dealer.user.id}, ${dealer.dealerId}, 'dealer', 'Lancia', 'Delta', 1992, 120000, 'Petrol',
                  'Manual', 'Hatchback', 'Used', 'Integrale', 700000)
          returning id`),
      );
      await tx.execute(sql`delete from car_changes`);
      return row!.id;
    });
    await server.ctx.db.execute(sql`update cars set price = 690000 where id = ${id}`);
    await index.caughtUp();
    await index.ready();
    const list = await server.call({ method: 'GET', url: '/api/cars?make=Lancia' });
    expect(list.data.data.cars.map((car: { id: string }) => car.id)).toEqual([id]);
    expect(index.current()?.snapshot).not.toBe(before.snapshot);
  });
});
