import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiRepository, poolComparables, type ComparablesSource } from '../src/ai/ai.repository.ts';
import { marketsOf } from '../src/ai/ai.service.ts';
import { carCatalogueIndexOf } from '../src/cars/car-catalogue-index.ts';
import { cars } from '../src/db/schema/index.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

// Scores that rank and honest near matches (issue 30): the search orders the cars that meet a query by the one
// scorer of core, which weighs each car's price against its comparables, mileage for its age, age and media; and
// when no car meets every filter it answers the closest with `exact: false` and the filters it let go.
let server: TestServer;
let dealer: TestDealer;
const ids: Record<string, string> = {};

async function car(name: string, values: Record<string, unknown>) {
  ids[name] = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId, ...values });
}

const search = async (query: string) => {
  const res = await server.call({
    method: 'POST',
    url: '/api/ai/search-natural-language',
    payload: { query },
  });
  expect(res.statusCode, query).toBe(200);
  return res.data.data;
};

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date('2026-06-01T12:00:00Z') });
  dealer = await createDealer(server);
  // Five Corollas of 2019 with 50,000 to 79,999 km: each is a comparable of the others (same band, years within 2).
  const corolla = { make: 'Toyota', model: 'Corolla', year: 2019, bodyType: 'Sedan', fuelType: 'Petrol' };
  await car('market1', { ...corolla, mileage: 55_000, price: 290_000 });
  await car('market2', { ...corolla, mileage: 65_000, price: 288_000 });
  await car('market3', { ...corolla, mileage: 70_000, price: 288_000 });
  // E38,000 under the median of the other four (E288,000 of 290, 288, 288 and 286): the deal.
  await car('deal', { ...corolla, mileage: 62_000, price: 250_000 });
  await car('pricey', { ...corolla, mileage: 68_000, price: 286_000 });
  // Two Mitsubishis: a petrol Pajero Sport and a diesel Triton; no diesel Pajero Sport.
  await car('pajeroPetrol', {
    make: 'Mitsubishi',
    model: 'Pajero Sport',
    bodyType: 'SUV',
    fuelType: 'Petrol',
    year: 2021,
    price: 600_000,
  });
  await car('triton', {
    make: 'Mitsubishi',
    model: 'Triton',
    bodyType: 'Truck',
    fuelType: 'Diesel',
    year: 2021,
    price: 450_000,
  });
  // Two Polos: the Polo family takes the Polo Vivo.
  await car('polo', { make: 'Volkswagen', model: 'Polo', bodyType: 'Hatchback', year: 2022, price: 320_000 });
  await car('vivo', {
    make: 'Volkswagen',
    model: 'Polo Vivo',
    bodyType: 'Hatchback',
    year: 2020,
    price: 200_000,
  });
});
afterAll(() => server.close());

describe('scores that rank', () => {
  it('orders cars that all meet the ask by their score, and the scores differ where the cars differ', async () => {
    const { cars, exact, relaxed } = await search('toyota corolla under 300k');
    expect(exact).toBe(true);
    expect(relaxed).toEqual([]);
    expect(cars).toHaveLength(5);
    const scores = cars.map((r: any) => r.matchScore);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(new Set(scores).size).toBe(5);
    expect(cars.map((r: any) => r.matchRank)).toEqual([1, 2, 3, 4, 5]);
    // The car E38,000 under its comparables leads, and says why on its card.
    expect(cars[0].car.id).toBe(ids['deal']);
    expect(cars[0].reasons.slice(0, 2)).toEqual([
      'E250,000: E50,000 under your E300,000 budget',
      'E38,000 under similar cars',
    ]);
    expect(cars[0].pricingInsight).toMatchObject({ marketPosition: 'below', comparables: 4 });
  });

  it('scores the quiz with the same scorer', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/ai/recommendations',
      payload: { budget: { min: 0, max: 300_000 }, bodyType: 'Sedan' },
    });
    expect(res.statusCode).toBe(200);
    const { cars } = res.data.data;
    expect(cars[0].car.id).toBe(ids['deal']);
    expect(cars[0].reasons).toContain('E38,000 under similar cars');
  });
});

describe('names as people say them', () => {
  it("reads 'pajero' as the Pajero Sport and 'polo' as the Polo family", async () => {
    const pajero = await search('pajero');
    expect(pajero.filters).toEqual({ make: 'Mitsubishi', model: 'Pajero Sport' });
    expect(pajero.cars.map((r: any) => r.car.id)).toEqual([ids['pajeroPetrol']]);
    const polo = await search('polo');
    expect(polo.filters).toEqual({ make: 'Volkswagen', model: 'Polo' });
    expect(polo.cars.map((r: any) => r.car.id).sort()).toEqual([ids['polo'], ids['vivo']].sort());
  });
});

describe('honest near matches', () => {
  it('lets the fuel go before the model, and says so', async () => {
    const answer = await search('mitsubishi pajero diesel');
    expect(answer.filters).toEqual({ make: 'Mitsubishi', model: 'Pajero Sport', fuelType: 'Diesel' });
    expect(answer.exact).toBe(false);
    expect(answer.relaxed).toEqual(['fuelType']);
    expect(answer.cars.map((r: any) => r.car.id)).toEqual([ids['pajeroPetrol']]);
    expect(answer.insights[1]).toBe(
      'No cars for sale match all of that right now; these are the closest, without Diesel.',
    );
  });

  it('lets the model go, keeping the make, when no car of that model comes near', async () => {
    const answer = await search('mitsubishi outlander diesel');
    expect(answer.filters).toMatchObject({ make: 'Mitsubishi', model: 'Outlander', fuelType: 'Diesel' });
    expect(answer.exact).toBe(false);
    expect(answer.relaxed).toEqual(['model']);
    expect(answer.cars.map((r: any) => r.car.id)).toEqual([ids['triton']]);
    expect(answer.cars.every((r: any) => r.car.make === 'Mitsubishi')).toBe(true);
  });

  it('orders near matches by closeness: the nearest years first', async () => {
    const answer = await search('toyota corolla 2023');
    expect(answer.exact).toBe(false);
    expect(answer.relaxed).toEqual(['minYear', 'maxYear']);
    expect(answer.cars).toHaveLength(5);
    const scores = answer.cars.map((r: any) => r.matchScore);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });

  it('answers exact: false with nothing let go when nothing comes near at all', async () => {
    const answer = await search('zzyzx qwv');
    expect(answer.cars).toEqual([]);
    expect(answer.exact).toBe(false);
    expect(answer.relaxed).toEqual([]);
  });
});

describe('the market a search prices against', () => {
  const corollas = [{ make: 'TOYOTA', model: 'corolla', minYear: 2017, maxYear: 2021 }];
  /** 2019 Corollas of 30,000 to 80,000 km but `excludeId`, as a source answers them. */
  const of2019 = (source: ComparablesSource, excludeId: string) =>
    source({
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      minMileage: 30_000,
      maxMileage: 80_000,
      excludeId,
      limit: 200,
    }).map(({ id, mileage, price }) => ({ id: id.toLowerCase(), mileage, price }));

  /** The catalogue's version and the log's last entry, as a search's candidates carry them. */
  const headNow = async () =>
    (await new AiRepository(server.ctx.db).candidates({ make: 'Toyota' }, 1))[0]!.catalogueHead;

  it('comes from the catalogue index as the table has it, writes the index has not applied included', async () => {
    const repository = new AiRepository(server.ctx.db);
    const index = carCatalogueIndexOf(server.ctx.db);
    expect(await index.ready()).toBe(true);
    const table = async () => poolComparables(await repository.comparablePool(corollas));
    const deal = ids['deal']!;
    const before = of2019(await table(), deal);
    expect(before.map((car) => car.price)).toEqual([290_000, 288_000, 286_000, 288_000]);
    const sourceBefore = await repository.comparablesFor(corollas, await headNow());
    expect(of2019(sourceBefore, deal)).toEqual(before);
    const priced = [{ id: deal, make: 'Toyota', model: 'Corolla', year: 2019, mileage: 62_000 }];
    expect(marketsOf(priced, sourceBefore).get(deal)).toEqual({ marketPrice: 288_000, comparables: 4 });
    // One view, one source: the markets a search works out on it are kept for the next search on it.
    expect(await repository.comparablesFor(corollas, await headNow())).toBe(sourceBefore);

    // Written past the service, so the index hears of them only through the change log: a price cut, a car sold
    // and a new comparable. Asked with the log's head as the candidates read it, the index catches up first.
    await server.ctx.db.update(cars).set({ price: 280_000 }).where(eq(cars.id, ids['market2']!));
    await server.ctx.db.update(cars).set({ status: 'sold' }).where(eq(cars.id, ids['pricey']!));
    const added = await insertCar(server, {
      sellerId: dealer.user.id,
      dealerId: dealer.dealerId,
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      mileage: 60_000,
      price: 282_000,
    });
    try {
      const after = of2019(await table(), deal);
      expect(after.map((car) => car.price)).toEqual([290_000, 282_000, 280_000, 288_000]);
      expect(after.map((car) => car.id)).toContain(added.toLowerCase());
      const fromIndex = await repository.comparablesFor(corollas, await headNow());
      expect(fromIndex).not.toBe(sourceBefore);
      expect(of2019(fromIndex, deal)).toEqual(after);
      // It was the index that answered: its view alone says the same.
      expect(of2019((query) => index.current()!.comparablesOf(query), deal)).toEqual(after);
      // The same markets either way, the car itself never among its comparables, and not the markets of the view
      // before the edits.
      expect(marketsOf(priced, fromIndex)).toEqual(marketsOf(priced, await table()));
      expect(marketsOf(priced, fromIndex).get(deal)).toEqual({ marketPrice: 285_000, comparables: 4 });
      // Cars of one make, model, year and band share one read, each priced without itself as if alone.
      const group = [
        ...priced,
        { id: ids['market1']!, make: 'TOYOTA', model: 'corolla', year: 2019, mileage: 55_000 },
        { id: ids['market3']!, make: 'Toyota', model: 'Corolla', year: 2019, mileage: 70_000 },
      ];
      const together = marketsOf(group, fromIndex);
      for (const car of group) expect(together.get(car.id)).toEqual(marketsOf([car], fromIndex).get(car.id));
      // 250,000, 280,000, 282,000 and 288,000: all but its own 290,000.
      expect(together.get(ids['market1']!)).toEqual({ marketPrice: 281_000, comparables: 4 });
      expect(of2019(fromIndex, ids['market1']!).map((car) => car.id)).toContain(deal.toLowerCase());
      // A limit takes the lowest mileages first.
      expect(of2019(fromIndex, deal).slice(0, 2)).toEqual(after.slice(0, 2));
    } finally {
      await server.ctx.db.update(cars).set({ price: 288_000 }).where(eq(cars.id, ids['market2']!));
      await server.ctx.db.update(cars).set({ status: 'active' }).where(eq(cars.id, ids['pricey']!));
      await server.ctx.db.delete(cars).where(eq(cars.id, added));
    }
  });
});
