import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { CatalogueView, carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import {
  CarRepository,
  EXACT_TOTAL_LIMIT,
  roundEstimate,
  type CarFilters,
  type CarKeyset,
  type CarSort,
} from '../src/cars/car.repository.ts';
import { createDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

const CARS = 3_000;
let server: TestServer;
let repo: CarRepository;

/** The same filters outside what the index serves (a status list of its own), so read by SQL alone. */
const bySql = (filters: CarFilters): CarFilters => ({ ...filters, statuses: ['active', 'active'] });

async function countActive(condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await server.ctx.db.execute(
      sql`select count(*)::int as n from cars where status = 'active' and ${condition}`,
    ),
  );
  return row!.n;
}

/** Three pages of a list, each after the previous one's last car: ids and sort keys. */
async function threePages(filters: CarFilters, sort: CarSort) {
  const pages: string[][] = [];
  let after: CarKeyset | null = null;
  for (let page = 0; page < 3; page += 1) {
    const read = await repo.list(filters, sort, 20, after);
    pages.push(read.records.map(({ car, keyset }) => `${car.id} ${keyset.key}`));
    const last = read.records.at(-1);
    if (!read.hasMore || !last) break;
    after = last.keyset;
  }
  return pages;
}

beforeAll(async () => {
  server = await createTestServer();
  repo = new CarRepository(server.ctx.db);
  const dealer = await createDealer(server);
  // Ties on price and mileage (so the id decides), sold cars the public list must skip, hyphenated makes and models.
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, features, exterior_color, seats, status,
                      created_at)
    select ${dealer.user.id}, ${dealer.dealerId}, 'dealer',
           (array['Toyota','BMW','Mercedes-Benz','Mazda','Kia'])[1 + i % 5],
           (array['Corolla','X5','C-Class','CX-5','Sportage'])[1 + i % 5],
           2008 + i % 17, (i % 40) * 5000,
           (array['Petrol','Diesel','Electric','Hybrid'])[1 + (i / 7) % 4],
           case when i % 3 = 0 then 'Manual' else 'Automatic' end,
           (array['Sedan','SUV','Hatchback','Truck'])[1 + (i / 3) % 4],
           (array['New','Used','Certified Pre-Owned'])[1 + (i / 11) % 3],
           'Car ' || i || case when i % 50 = 0 then ' with a sunroof' else '' end,
           100000 + (i % 97) * 10000, array['Bluetooth'],
           (array['White','Black','Silver'])[1 + (i / 5) % 3],
           (array[2, 4, 5, 5, 7, 8])[1 + (i / 13) % 6],
           case when i % 10 = 0 then 'sold' else 'active' end, now() - make_interval(secs => i % 700)
    from generate_series(1, ${CARS}) as i`);
  await server.ctx.db.execute(sql`analyze cars`);
  expect(await carCatalogueIndexOf(server.ctx.db).ready()).toBe(true);
}, 120_000);
afterAll(() => server.close());

describe('the in-memory catalogue index', () => {
  const cases: [string, CarFilters][] = [
    ['everything', {}],
    ['a make', { make: 'toyota' }],
    ['choices together', { bodyType: 'SUV', fuelType: 'diesel', transmission: 'manual' }],
    ['a make and model no car has together', { make: 'Toyota', model: 'X5' }],
    ['price and mileage ranges', { minPrice: 300_000, maxPrice: 700_000, maxMileage: 60_000 }],
    // Most cars: the total is estimated and a page walks the sort order between the bounds.
    ['a price floor and cap over most cars', { minPrice: 200_000, maxPrice: 1_000_000 }],
    ['a mileage cap over most cars', { maxMileage: 180_000 }],
    ['years', { minYear: 2015, maxYear: 2018, condition: 'used' }],
    ['a misspelt make', { search: 'toyta' }],
    ['a colour and a hyphenated make', { search: 'white mercedes' }],
    ['a rare word with a filter', { search: 'sunroof', make: 'kia' }],
    ['a word no car holds', { search: 'zzzqqq' }],
    ['seats', { minSeats: 7 }],
    ['seats with a make and a price cap', { minSeats: 5, make: 'kia', maxPrice: 600_000 }],
    ['an unknown make', { make: 'Trabant' }],
  ];
  const sorts: CarSort[] = ['newest', 'price-low', 'price-high', 'mileage'];

  it.each(cases)('pages %s in every sort exactly as SQL does, and totals them', async (_name, filters) => {
    const indexed = { ...filters, statuses: ['active'] };
    const prepared = await repo.prepare(indexed);
    // Answered from memory: the page's cars are then fetched by id in one statement.
    expect(prepared.selection).toBeDefined();
    for (const sort of sorts)
      expect(await threePages(indexed, sort), sort).toEqual(await threePages(bySql(filters), sort));

    const counted = await repo.count(bySql(filters));
    const total = await repo.total(prepared);
    if (counted <= EXACT_TOTAL_LIMIT) expect(total).toEqual({ total: counted, estimated: false });
    else {
      // Counted, or estimated from a sample of the cars when many match: 'about' either way.
      expect(total.estimated).toBe(true);
      expect(total.total).toBe(roundEstimate(total.total));
      expect(Math.abs(total.total - counted)).toBeLessThan(counted * 0.1);
    }
  });

  it('plans the page statement once in the database, shared by every repository on it', async () => {
    const filters: CarFilters = { make: 'kia', statuses: ['active'] };
    const first = await threePages(filters, 'price-low');
    const other = new CarRepository(server.ctx.db);
    const again = await other.list(filters, 'price-low', 20, null);
    expect(again.records.map(({ car, keyset }) => `${car.id} ${keyset.key}`)).toEqual(first[0]);
    // A page of no car reads only the catalogue's version, through the other named statement.
    expect(
      (await other.list({ search: 'zzzqqq', statuses: ['active'] }, 'newest', 20, null)).records,
    ).toEqual([]);
    if (server.ctx.database.dialect === 'pglite') {
      // PGlite holds one session: the statement is PREPAREd there once, under its name.
      const named = resultRows<{ name: string; parameter_types: string }>(
        await server.ctx.db.execute(
          sql`select name, parameter_types::text from pg_prepared_statements where name like 'car_catalogue_%' order by name`,
        ),
      );
      expect(named).toEqual([
        // The view's position twice (the log's entries past it, and their cars), then the page's ids.
        { name: 'car_catalogue_page', parameter_types: '{bigint,bigint,uuid[]}' },
        { name: 'car_catalogue_version', parameter_types: '{bigint,bigint,integer}' },
      ]);
    }
  });

  it('leaves sold cars out, as the public list does', async () => {
    const { selection } = await repo.prepare({ statuses: ['active'] });
    expect(selection?.count).toBe(await countActive(sql`true`));
    expect(selection?.count).toBe(CARS - CARS / 10);
  });

  it('sees a write no process announced at the next page, and applies it from the log without a full read', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    const before = await repo.prepare({ make: 'Trabant', statuses: ['active'] });
    expect(before.selection?.count).toBe(0);
    const snapshot = before.selection!.snapshot;
    const dealer = await createDealer(server);
    // Straight into the table, as a script or another service would: no signal from this process.
    await server.ctx.db.execute(sql`
      insert into cars (seller_id, seller_type, make, model, year, mileage, fuel_type, transmission, body_type,
                        condition, description, price)
      values (${dealer.user.id}, 'dealer', 'Trabant', '601', 1989, 90000, 'Petrol', 'Manual', 'Sedan', 'Used',
              'Two-stroke', 20000)`);
    // The page's statement reads a log ahead of the view it was chosen from: the page waits for the index to apply
    // the log's new entry and is chosen again from it, with the new car.
    const page = await repo.list(before, 'newest', 20, null);
    expect(page.records.map(({ car }) => car.make)).toEqual(['Trabant']);
    expect(page.prepared.selection?.count).toBe(1);
    // Applied to the same snapshot: no full read.
    expect(index.current()?.snapshot).toBe(snapshot);
    expect(index.current()!.seq).toBeGreaterThan(before.selection!.view!.seq);
    const after = await repo.prepare({ make: 'Trabant', statuses: ['active'] });
    expect(after.selection?.count).toBe(1);
    expect((await repo.list(after, 'newest', 20, null)).prepared.selection).toBeDefined();
  });

  it('answers a page chosen just before an edit from the log entries its own statement read, without waiting', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    await index.caughtUp();
    const filters: CarFilters = { make: 'kia', statuses: ['active'] };
    const before = await repo.prepare(filters);
    const shown = (await repo.list(before, 'price-low', 20, null)).records;
    const cheapest = shown[0]!;
    const raised = cheapest.car.price + 1;
    // Straight into the table: the selection in hand was made on the view before this edit.
    await server.ctx.db.execute(sql`update cars set price = ${raised} where id = ${cheapest.car.id}`);
    const waited = vi.spyOn(index, 'caughtUp');
    try {
      const page = await repo.list(before, 'price-low', 20, null);
      expect(waited).not.toHaveBeenCalled();
      // The same cars, in the order of their prices now (ties by id), the edited one at its new price.
      expect(new Set(page.records.map(({ car }) => car.id))).toEqual(new Set(shown.map(({ car }) => car.id)));
      const order = page.records.map(({ car }) => [car.price, car.id] as const);
      expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));
      expect(page.records.find(({ car }) => car.id === cheapest.car.id)?.car.price).toBe(raised);
      // Still an indexed answer, and the index starts its next pages from the view the page made.
      expect(page.prepared.selection?.view?.seq).toBeGreaterThan(before.selection!.view!.seq);
      expect(index.current()!.seq).toBeGreaterThanOrEqual(page.prepared.selection!.view!.seq);
    } finally {
      waited.mockRestore();
      await server.ctx.db.execute(
        sql`update cars set price = ${cheapest.car.price} where id = ${cheapest.car.id}`,
      );
      await index.caughtUp();
    }
  });

  it('keeps a page chosen just before an edit to a car it never held, and chooses again for a car the edit brings in', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    await index.caughtUp();
    const filters: CarFilters = { make: 'kia', statuses: ['active'] };
    const before = await repo.prepare(filters);
    const shown = (await repo.list(before, 'price-low', 20, null)).records.map(({ car }) => car.id);
    const [other] = resultRows<{ id: string; price: number }>(
      await server.ctx.db.execute(
        sql`select id, price from cars where lower(make) = 'toyota' and status = 'active' order by id limit 1`,
      ),
    );
    const chosen = vi.spyOn(CatalogueView.prototype, 'select');
    try {
      // A Toyota's price: no Kia page can move, so the page stands as chosen, without a second selection.
      await server.ctx.db.execute(sql`update cars set price = price + 1 where id = ${other!.id}`);
      const kept = await repo.list(before, 'price-low', 20, null);
      expect(kept.records.map(({ car }) => car.id)).toEqual(shown);
      expect(chosen).not.toHaveBeenCalled();
      // The index still moves on to the view the statement read.
      expect(index.current()!.seq).toBeGreaterThan(before.selection!.view!.seq);

      // The same Toyota made a Kia, the cheapest of all: the page in hand is chosen again, with it first.
      await server.ctx.db.execute(sql`update cars set make = 'Kia', price = 1 where id = ${other!.id}`);
      const taken = await repo.list(before, 'price-low', 20, null);
      expect(taken.records[0]?.car.id).toBe(other!.id);
      expect(taken.records.slice(1).map(({ car }) => car.id)).toEqual(shown.slice(0, 19));
    } finally {
      chosen.mockRestore();
      await server.ctx.db.execute(
        sql`update cars set make = 'Toyota', price = ${other!.price} where id = ${other!.id}`,
      );
      await index.caughtUp();
    }
  });

  it("sees a change of a car's seats alone, which the seats filter reads", async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const filters = { make: 'Trabant', minSeats: 9, statuses: ['active'] };
    const before = await repo.prepare(filters);
    expect(before.selection?.count).toBe(0);
    await server.ctx.db.execute(sql`update cars set seats = 9 where make = 'Trabant'`);
    const page = await repo.list(before, 'newest', 20, null);
    expect(page.records.map(({ car }) => car.seats)).toEqual([9]);
    // The write came from outside this process: the index sees it once it has applied the log's entry.
    await index.caughtUp();
    expect((await repo.prepare(filters)).selection?.count).toBe(1);
  });

  it("applies this process's own writes car by car, never dropping the index", async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const snapshot = index.current()!.snapshot;
    const dealer = await createDealer(server);
    await repo.insert({
      sellerId: dealer.user.id,
      sellerType: 'dealer',
      make: 'Lada',
      model: 'Niva',
      year: 1995,
      mileage: 150000,
      fuelType: 'Petrol',
      transmission: 'Manual',
      bodyType: 'SUV',
      condition: 'Used',
      description: 'Goes anywhere',
      price: 30000,
    });
    expect(index.current()).not.toBeNull();
    const page = await repo.list({ make: 'lada', statuses: ['active'] }, 'newest', 20, null);
    expect(page.records.map(({ car }) => car.model)).toEqual(['Niva']);
    await index.caughtUp();
    expect(index.current()?.snapshot).toBe(snapshot);
    expect((await repo.prepare({ make: 'lada', statuses: ['active'] })).selection?.count).toBe(1);
  });

  it('pages exactly as SQL after prices, statuses, details, new cars and deletions applied from the log', async () => {
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const snapshot = index.current()!.snapshot;
    const dealer = await createDealer(server);
    // Price drops and rises, cars sold and back, a make renamed, new cars, cars deleted: by raw SQL, as any writer.
    await server.ctx.db.execute(
      sql`update cars set price = price - 5000 where status = 'active' and mileage = 0`,
    );
    await server.ctx.db.execute(
      sql`update cars set price = price + 7000 where make = 'Mazda' and year = 2010`,
    );
    await server.ctx.db.execute(sql`update cars set status = 'sold' where make = 'BMW' and year = 2011`);
    await server.ctx.db.execute(sql`update cars set status = 'active' where make = 'Kia' and year = 2012`);
    await server.ctx.db.execute(
      sql`update cars set make = 'Kia', description = description || ' sunroof' where make = 'Toyota' and year = 2013`,
    );
    await server.ctx.db.execute(sql`delete from cars where make = 'Mazda' and year = 2014`);
    await server.ctx.db.execute(sql`
      insert into cars (seller_id, seller_type, make, model, year, mileage, fuel_type, transmission, body_type,
                        condition, description, price, seats)
      select ${dealer.user.id}, 'dealer', 'Kia', 'Picanto', 2020, i * 1000, 'Petrol', 'Manual', 'Hatchback', 'Used',
             'City car', 90000 + i, 5
      from generate_series(1, 30) as i`);
    await index.caughtUp();
    const view = index.current()!;
    expect(view.snapshot).toBe(snapshot);
    expect(view.changedCount).toBeGreaterThan(100);
    const since = new Date(Date.now() - 14 * 86_400_000);
    const checks: CarFilters[] = [
      {},
      { make: 'kia' },
      { search: 'sunroof' },
      { maxMileage: 10_000, minSeats: 5 },
      { priceDroppedSince: since },
      { priceDroppedSince: since, make: 'kia' },
    ];
    for (const filters of checks) {
      const indexed = { ...filters, statuses: ['active'] };
      expect((await repo.prepare(indexed)).selection, JSON.stringify(filters)).toBeDefined();
      // 'Recently reduced' is always asked with its filter (the service adds it).
      const all: CarSort[] = filters.priceDroppedSince ? [...sorts, 'recently-reduced'] : sorts;
      for (const sort of all)
        expect(await threePages(indexed, sort), `${JSON.stringify(filters)} ${sort}`).toEqual(
          await threePages(bySql(filters), sort),
        );
      const counted = await repo.count(bySql(filters));
      if (counted <= EXACT_TOTAL_LIMIT) expect((await repo.total(indexed)).total).toBe(counted);
    }
  });

  it('answers the public list over HTTP from the index with the SQL answer', async () => {
    expect(await carCatalogueIndexOf(server.ctx.db).ready()).toBe(true);
    const res = await server.call({ method: 'GET', url: '/api/cars?make=Kia&sort=price-high&limit=5' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: { cars: { id: string; make: string; price: number }[]; total: number; totalEstimated: boolean };
    }>();
    const sqlPage = await repo.list(bySql({ make: 'Kia' }), 'price-high', 5, null);
    expect(data.cars.map((car) => car.id)).toEqual(sqlPage.records.map(({ car }) => car.id));
    expect(data.total).toBe(await countActive(sql`make = 'Kia'`));
    expect(data.totalEstimated).toBe(false);
  });
});
