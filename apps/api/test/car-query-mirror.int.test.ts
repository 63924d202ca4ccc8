/**
 * The catalogue index is the car query's mirror in memory: for any CarQuery it must list the same cars in the same
 * order as the SQL conditions (carConditions) do, page after page. Random queries over a varied catalogue: letter
 * cases, ties on every sort key, 'Contact for price' cars, sold and reserved cars, a suspended seller's cars, model
 * families and search words with typos.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_TYPES,
  CAR_SORTS,
  CONDITIONS,
  CarQuerySchema,
  FUEL_TYPES,
  TRANSMISSIONS,
  carQueryFilters,
  type CarQuery,
  type CarSort,
} from '@autoreel/core';
import { AiRepository } from '../src/ai/ai.repository.ts';
import { carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import { carListFilters } from '../src/cars/car-conditions.ts';
import { CarRepository, type CarFilters, type CarKeyset } from '../src/cars/car.repository.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

const CARS = 400;
let server: TestServer;
let repo: CarRepository;
let ai: AiRepository;

/** Every car of a list in its order, read `limit` at a time after the previous page's last car. */
async function allPages(filters: CarFilters, sort: CarSort, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: CarKeyset | null = null;
  for (;;) {
    const page = await repo.list(filters, sort, limit, after);
    ids.push(...page.records.map(({ car }) => car.id));
    const last = page.records.at(-1);
    if (!page.hasMore || !last) return ids;
    after = last.keyset;
  }
}

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  ai = new AiRepository(server.ctx.db);
  const dealer = await createDealer(server);
  const suspended = await createDealer(server, { name: 'Gone Motors' });
  // A few hundred cars from a small pseudo-random walk over each column, so that filters, ties and cases meet.
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, features, exterior_color, color, seats, status,
                      created_at)
    select case when i % 37 = 0 then ${suspended.user.id}::uuid else ${dealer.user.id}::uuid end,
           case when i % 37 = 0 then ${suspended.dealerId}::uuid else ${dealer.dealerId}::uuid end, 'dealer',
           (array['Toyota','toyota','BMW','Mercedes-Benz','Land Rover','Kia','VOLKSWAGEN'])[1 + (i * 7) % 7],
           (array['Corolla','Land Cruiser','Land Cruiser Prado','X5','C-Class','Polo','Sportage','corolla'])[1 + (i * 5) % 8],
           2005 + (i * 11) % 21,
           ((i * 13) % 25) * 8000,
           (array['Petrol','Diesel','Electric','Hybrid','petrol'])[1 + (i * 3) % 5],
           case when (i * 17) % 3 = 0 then 'Manual' else 'Automatic' end,
           (array['Sedan','SUV','Hatchback','Truck','Wagon','suv'])[1 + (i * 19) % 6],
           (array['New','Used','Certified Pre-Owned'])[1 + (i * 23) % 3],
           'Car ' || i || (array[' with a sunroof',' leather seats','',' one owner',''])[1 + i % 5],
           case when i % 9 = 0 then 0 else 50000 + ((i * 29) % 40) * 25000 end,
           array['Bluetooth'],
           (array['White','Black','Silver','Red', null])[1 + (i * 31) % 5],
           case when i % 4 = 0 then 'Blue' end,
           (array[2, 4, 5, 5, 7, 8, 9])[1 + (i * 41) % 7],
           (array['active','active','active','active','sold','reserved'])[1 + (i * 43) % 6],
           timestamptz '2026-01-01' + make_interval(mins => (i * 47) % 150)
    from generate_series(1, ${CARS}) as i`);
  // Price drops at two moments, and a rise that ends some of them, for 'recently reduced' and its ties.
  await server.ctx.db.execute(
    sql`update cars set price = price - 5000 where price > 0 and mileage % 16000 = 0`,
  );
  await server.ctx.db.execute(sql`update cars set price = price - 2000 where price > 0 and year % 3 = 0`);
  await server.ctx.db.execute(sql`update cars set price = price + 9000 where price > 0 and year % 7 = 0`);
  await server.ctx.db.execute(sql`update users set suspended_at = now() where id = ${suspended.user.id}`);
  await server.ctx.db.execute(sql`analyze cars`);
  expect(await carCatalogueIndexOf(server.ctx.db).ready()).toBe(true);
}, 120_000);
afterAll(() => server.close());

const price = fc.oneof(
  fc.constantFrom(0, 50_000, 300_000, 575_000, 1_000_000),
  fc.integer({ min: 1, max: 1_100_000 }),
);
const year = fc.integer({ min: 2000, max: 2027 });

/** The values each filter may take: the catalogue's own, other letter cases, and ones no car has. */
const filterValues = {
  make: fc.constantFrom('Toyota', 'TOYOTA', 'bmw', 'Mercedes-Benz', 'land rover', 'Volkswagen', 'Trabant'),
  model: fc.constantFrom('Corolla', 'land cruiser', 'Land Cruiser Prado', 'X5', 'Polo', 'Golf'),
  bodyType: fc.constantFrom(...BODY_TYPES),
  fuelType: fc.constantFrom(...FUEL_TYPES),
  transmission: fc.constantFrom(...TRANSMISSIONS),
  condition: fc.constantFrom(...CONDITIONS),
  minPrice: price,
  maxPrice: price,
  minYear: year,
  maxYear: year,
  maxMileage: fc.oneof(fc.constantFrom(0, 8000, 96_000), fc.integer({ min: 1, max: 200_000 })),
  minSeats: fc.integer({ min: 2, max: 9 }),
  search: fc.constantFrom('sunroof', 'toyta', 'white', 'leather', 'land', 'zzzqqq', 'one owner', 'blue kia'),
};

/** Any query GET /cars accepts, as its schema reads it: up to five filters (more rarely match a car) and a sort. */
const carQuery: fc.Arbitrary<CarQuery> = fc
  .record({
    filters: fc.subarray(Object.keys(filterValues) as (keyof typeof filterValues)[], { maxLength: 5 }),
    values: fc.record(filterValues),
    sort: fc.constantFrom(...CAR_SORTS),
  })
  .map(({ filters, values, sort }) =>
    CarQuerySchema.safeParse({ ...Object.fromEntries(filters.map((key) => [key, values[key]])), sort }),
  )
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data);

describe('the catalogue index mirrors the car query in SQL', () => {
  it('lists the same cars in the same order for any query, page after page', async () => {
    const sizes: number[] = [];
    await fc.assert(
      fc.asyncProperty(carQuery, fc.integer({ min: 3, max: 60 }), async (query, limit) => {
        const filters = carListFilters(query, new Date());
        const indexed: CarFilters = { ...filters, statuses: ['active'] };
        // A status list of its own puts the same query outside what the index serves: SQL alone reads it.
        const bySql: CarFilters = { ...filters, statuses: ['active', 'active'] };
        const prepared = await repo.prepare(indexed);
        expect(prepared.selection).toBeDefined();
        const fromIndex = await allPages(indexed, query.sort, limit);
        expect(fromIndex).toEqual(await allPages(bySql, query.sort, limit));
        sizes.push(fromIndex.length);
        if (!prepared.selection!.estimated) expect(prepared.selection!.count).toBe(fromIndex.length);
      }),
      { numRuns: 120 },
    );
    // The queries were worth comparing: most found cars, and some a good part of the catalogue.
    expect(sizes.filter((size) => size > 0).length, JSON.stringify(sizes)).toBeGreaterThan(sizes.length / 2);
    expect(Math.max(...sizes)).toBeGreaterThan(100);
  }, 240_000);

  it("gives the AI's candidates the list's conditions: the same cars, newest first", async () => {
    await fc.assert(
      fc.asyncProperty(carQuery, async (query) => {
        // The AI reads a model as its family and sends search words elsewhere; every other filter is the list's.
        const { model: _model, search: _search, ...filters } = carQueryFilters(query);
        const candidates = await ai.candidates(filters, CARS);
        expect(candidates.map((car) => car.id)).toEqual(
          await allPages({ ...filters, statuses: ['active', 'active'] }, 'newest', 100),
        );
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("leaves 'Contact for price' cars out of any price bound, in both", async () => {
    const unpriced = await allPages({ statuses: ['active'] }, 'price-low', 100);
    const underMax = await allPages({ maxPrice: 2_000_000, statuses: ['active'] }, 'price-low', 100);
    const priced = await repo.count({ minPrice: 1, statuses: ['active', 'active'] });
    expect(unpriced.length).toBeGreaterThan(underMax.length);
    expect(underMax).toHaveLength(priced);
    expect(await allPages({ maxPrice: 2_000_000, statuses: ['active', 'active'] }, 'price-low', 100)).toEqual(
      underMax,
    );
  });
});
