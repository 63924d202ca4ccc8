import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarRepository, type CarSort } from '../src/cars/car.repository.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let repo: CarRepository;

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  const dealer = await createDealer(server);
  // Enough rows that the planner prefers an index to a sort when the order allows it.
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, status, created_at)
    select ${dealer.user.id}, ${dealer.dealerId}, 'dealer', 'Toyota', 'Corolla', 2015, (i * 7919) % 250000, 'Petrol',
           'Automatic', 'Sedan', 'Used', 'Bench car ' || i, 80000 + (i * 104729) % 3000000,
           case when i % 10 = 0 then 'sold' else 'active' end, now() - make_interval(secs => i)
    from generate_series(1, 5000) as i`);
  await server.ctx.db.execute(sql`analyze cars`);
});
afterAll(() => server.close());

describe('keyset pages read the index in order, on the first page and deep ones', () => {
  // 'recently-reduced' reads its own partial index under its filter (car-price-history.int.test.ts).
  const indexes: Record<Exclude<CarSort, 'recently-reduced'>, RegExp> = {
    newest: /Index (Only )?Scan using cars_status_ranked_idx/,
    'price-low': /Index (Only )?Scan using cars_status_price_idx/,
    'price-high': /Index (Only )?Scan Backward using cars_status_price_idx/,
    mileage: /Index (Only )?Scan using cars_status_mileage_idx/,
  };

  it.each(Object.keys(indexes) as Exclude<CarSort, 'recently-reduced'>[])('%s', async (sort) => {
    const filters = { statuses: ['active'] };
    const deep = await repo.list(filters, sort, 4000, null);
    const after = deep.records.at(-1)!.keyset;
    for (const cursor of [null, after]) {
      const plan = await repo.explainList(filters, sort, 20, cursor);
      expect(plan, plan).toMatch(indexes[sort]);
      // The page's ids come from the index in order (cars_1, the inner statement): no sort over the matching cars.
      // The only sorts are the final one of the page's 21 joined rows and the per-row seller-location lookup's.
      expect(plan, plan).not.toMatch(/Sort Key: cars_1\./);
    }
    // And the deep page is the one that follows.
    const next = await repo.list(filters, sort, 1, after);
    const reference = await repo.list(filters, sort, 4001, null);
    expect(next.records[0]?.car.id).toBe(reference.records[4000]?.car.id);
  });
});
