import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { AiRepository } from '../src/ai/ai.repository.ts';
import { carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import { CarRepository, type CarFilters } from '../src/cars/car.repository.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, TEST_DIALECT, type TestServer } from './harness.ts';

// The benchmark's catalogue on Postgres. In-memory PGlite builds the search document and its index one row at a time
// in the test's own process, minutes for 100,000 cars on a busy machine; 30,000 still gives the same plans.
const CARS = TEST_DIALECT === 'postgres' ? 100_000 : 30_000;
const active = ['active'];
let server: TestServer;
let repo: CarRepository;

/** Matching active cars counted the plain way, to hold the repository's answers to. */
async function countWhere(condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await server.ctx.db.execute(
      sql`select count(*)::int as n from cars where status = 'active' and ${condition}`,
    ),
  );
  return row!.n;
}

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  const dealer = await createDealer(server);
  // A large catalogue, where a wrong plan costs a read of every car.
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, exterior_color, status, created_at)
    select ${dealer.user.id}, ${dealer.dealerId}, 'dealer',
           (array['Toyota','BMW','Audi','Ford','Nissan','Honda','Kia','Mazda'])[1 + i % 8],
           (array['Corolla','X5','A4','Ranger','Navara','Civic','Sportage','CX-5'])[1 + i % 8],
           2015, (i * 7919) % 250000,
           (array['Petrol','Diesel','Electric','Hybrid'])[1 + (i / 7) % 4],
           case when i % 3 = 0 then 'Manual' else 'Automatic' end,
           (array['Sedan','SUV','Hatchback','Coupe','Wagon','Truck'])[1 + (i / 3) % 6],
           (array['New','Used','Certified Pre-Owned'])[1 + (i / 11) % 3], 'Car ' || i,
           80000 + (i::bigint * 104729) % 3000000,
           (array['White','Black','Silver'])[1 + (i / 5) % 3],
           case when i % 10 = 0 then 'sold' else 'active' end, now() - make_interval(secs => i)
    from generate_series(1, ${CARS}) as i`);
  // What migration 0009 and a running database's autovacuum do after a bulk load.
  await server.ctx.db.execute(sql`vacuum analyze cars`);
}, 240_000);
afterAll(() => server.close());

describe('filtered lists and searches read indexes, not the whole catalogue', () => {
  it('reads make and body type from their index', async () => {
    const filters = { make: 'toyota', bodyType: 'suv', maxPrice: 2_000_000, statuses: active };
    const plan = await repo.explainList(filters, 'newest', 20, null);
    expect(plan, plan).toMatch(/cars_active_make_body_ranked_idx/);
    const page = await repo.list(filters, 'newest', 20, null);
    expect(page.records.length).toBeGreaterThan(0);
    expect(
      page.records.every(
        ({ car }) =>
          car.make === 'Toyota' &&
          car.bodyType === 'SUV' &&
          car.price <= 2_000_000 &&
          car.status === 'active',
      ),
    ).toBe(true);
  });

  it('searches a misspelt make with one text-search condition, resolved before the statement', async () => {
    const filters = { search: 'toyta', statuses: active };
    const plan = await repo.explainList(filters, 'newest', 20, null);
    expect(plan, plan).not.toMatch(/Seq Scan on cars/);
    // One condition on the search document, naming the corrected word; no make/model lists beside it.
    expect(plan.match(/search_document @@/g), plan).toHaveLength(1);
    expect(plan, plan).toMatch(/'toyota'/);
    expect(plan, plan).not.toMatch(/make = ANY|model = ANY/);
    const page = await repo.list(filters, 'newest', 20, null);
    expect(page.records).toHaveLength(20);
    expect(page.records.every(({ car }) => car.make === 'Toyota')).toBe(true);
  });

  it('estimates a large total without counting it, and says so', async () => {
    const exact = await countWhere(sql`make = 'Toyota'`);
    const { total, estimated } = await repo.total({ search: 'toyta', statuses: active });
    expect(estimated).toBe(true);
    // Two significant figures of the planner's estimate, which the statistics keep near the count (the typo's own
    // prefix, 'toyta:*', which no car holds, adds the planner's 2% guess for an unknown prefix).
    expect(total % 100).toBe(0);
    expect(total).toBeGreaterThan(exact * 0.7);
    expect(total).toBeLessThan(exact * 1.5);
  });

  it('counts a small total exactly, through indexes', async () => {
    const filters: CarFilters = { make: 'kia', bodyType: 'truck', fuelType: 'hybrid', statuses: active };
    const exact = await countWhere(sql`make = 'Kia' and body_type = 'Truck' and fuel_type = 'Hybrid'`);
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThan(1_000);
    expect(await repo.total(filters)).toEqual({ total: exact, estimated: false });
    const plan = await repo.explainCount(filters);
    expect(plan, plan).not.toMatch(/Seq Scan on cars/);
  });

  it('finds a colour with a make, and a word no car holds, through the search index', async () => {
    const white = await repo.list({ search: 'white bmw', statuses: active }, 'price-low', 20, null);
    expect(white.records).toHaveLength(20);
    expect(white.records.every(({ car }) => car.make === 'BMW' && car.exteriorColor === 'White')).toBe(true);

    const nothing = { search: 'zzzqqq', statuses: active };
    for (const sort of ['newest', 'price-low', 'mileage'] as const) {
      const plan = await repo.explainList(nothing, sort, 20, null);
      expect(plan, plan).toMatch(/cars_search_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on cars/);
    }
    expect((await repo.list(nothing, 'newest', 20, null)).records).toEqual([]);
    expect(await repo.total(nothing)).toEqual({ total: 0, estimated: false });
    const countPlan = await repo.explainCount(nothing);
    expect(countPlan, countPlan).toMatch(/cars_search_idx/);
    expect(countPlan, countPlan).not.toMatch(/Seq Scan on cars/);
  });

  it('knows how many cars each choice filter keeps (statistics on the lower-cased columns)', async () => {
    const plan = await repo.explainCount({ transmission: 'manual', condition: 'used', statuses: active });
    const expected = Number(
      /rows=(\d+)/.exec(plan.split('\n').find((line) => /on cars/.test(line)) ?? '')?.[1],
    );
    const exact = await countWhere(sql`transmission = 'Manual' and condition = 'Used'`);
    // Without statistics the planner expected a handful of cars here and joined every match before sorting.
    expect(expected).toBeGreaterThan(exact * 0.1);
  });

  it('answers a public list from the catalogue index with one fetch of its cars by primary key', async () => {
    expect(await carCatalogueIndexOf(server.ctx.db).ready()).toBe(true);
    for (const filters of [
      { search: 'toyta', statuses: active },
      { transmission: 'manual', condition: 'used', maxPrice: 500_000, statuses: active },
      { search: 'zzzqqq', statuses: active },
    ]) {
      const { selection } = await repo.prepare(filters);
      // Counted in memory: no count or estimate statement.
      expect(selection?.count).toBeDefined();
      const plan = await repo.explainIndexedPage(filters, 'price-low', 20);
      // An empty page fetches no ids (`id = any('{}')`), which any index of cars answers at once.
      if (selection!.count > 0) expect(plan, plan ?? '').toMatch(/cars_pkey/);
      expect(plan, plan ?? '').not.toMatch(/Seq Scan on cars/);
    }
  });

  it("reads the makes and models in stock one index probe each (the query reader's vocabulary)", async () => {
    const listed = await new AiRepository(server.ctx.db).activeMakesAndModels();
    expect(listed).toHaveLength(8);
    expect(listed).toContainEqual({ make: 'Toyota', model: 'Corolla' });
  });
});
