import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarRepository } from '../src/repositories/car.repository.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let repo: CarRepository;

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  const dealer = await createDealer(server);
  // A catalogue of many makes and body types, large enough that the planner prefers an index where one fits.
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, status, created_at)
    select ${dealer.user.id}, ${dealer.dealerId}, 'dealer',
           (array['Toyota','BMW','Audi','Ford','Nissan','Honda','Kia','Mazda'])[1 + i % 8],
           (array['Corolla','X5','A4','Ranger','Navara','Civic','Sportage','CX-5'])[1 + i % 8],
           2015, (i * 7919) % 250000,
           (array['Petrol','Diesel','Electric','Hybrid'])[1 + (i / 7) % 4], 'Automatic',
           (array['Sedan','SUV','Hatchback','Coupe','Wagon','Truck'])[1 + (i / 3) % 6], 'Used', 'Car ' || i,
           80000 + (i * 104729) % 3000000,
           case when i % 10 = 0 then 'sold' else 'active' end, now() - make_interval(secs => i)
    from generate_series(1, 8000) as i`);
  await server.ctx.db.execute(sql`analyze cars`);
});
afterAll(() => server.close());

describe('filtered lists and typo search read indexes, not the whole catalogue', () => {
  // On 100,000 cars the same index also gives the list order (docs/PERFORMANCE.md); on this small set a sort of the
  // few matches is cheaper, so only the index is held here.
  it('reads make and body type from their index', async () => {
    const filters = { make: 'toyota', bodyType: 'suv', maxPrice: 2_000_000, statuses: ['active'] };
    const plan = await repo.explainList(filters, 'newest', 20, null);
    expect(plan, plan).toMatch(/cars_active_make_body_created_idx/);
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

  it('finds the makes and models like a misspelt word by walking their indexes', async () => {
    const plan = await repo.explainList({ search: 'toyta', statuses: ['active'] }, 'newest', 20, null);
    expect(plan, plan).toMatch(/using cars_make_idx/);
    expect(plan, plan).toMatch(/using cars_model_idx/);
    expect(plan, plan).not.toMatch(/HashAggregate/);
    const page = await repo.list({ search: 'toyta', statuses: ['active'] }, 'newest', 20, null);
    expect(page.records).toHaveLength(20);
    expect(page.records.every(({ car }) => car.make === 'Toyota')).toBe(true);
  });
});
