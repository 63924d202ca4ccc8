import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../src/db/schema/index.ts';
import { createDealer, insertCar, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let dealer: TestDealer;
let customer: TestUser;
let otherCustomer: TestUser;
const ids: Record<string, string> = {};

async function car(name: string, values: Record<string, unknown>) {
  ids[name] = await insertCar(server, { sellerId: dealer.user.id, dealerId: dealer.dealerId, ...values });
}

beforeAll(async () => {
  // Mid-2026, so that relative years in queries are fixed.
  server = await createTestServer({ now: () => new Date('2026-06-01T12:00:00Z') });
  dealer = await createDealer(server);
  customer = await server.createUser({ role: 'customer' });
  otherCustomer = await server.createUser({ role: 'customer' });
  const suv = { bodyType: 'SUV' };
  await car('modelY', {
    make: 'Tesla',
    model: 'Model Y',
    ...suv,
    fuelType: 'Electric',
    price: 850_000,
    year: 2023,
    mileage: 10_000,
  });
  await car('ix', {
    make: 'BMW',
    model: 'iX',
    ...suv,
    fuelType: 'Electric',
    price: 1_500_000,
    year: 2024,
    mileage: 5_000,
  });
  await car('rav4', {
    make: 'Toyota',
    model: 'RAV4',
    ...suv,
    fuelType: 'Hybrid',
    price: 600_000,
    year: 2021,
  });
  await car('soldIoniq', {
    make: 'Hyundai',
    model: 'Ioniq 5',
    ...suv,
    fuelType: 'Electric',
    price: 800_000,
    status: 'sold',
  });
  await car('hilux', {
    make: 'Toyota',
    model: 'Hilux',
    bodyType: 'Truck',
    fuelType: 'Diesel',
    transmission: 'Manual',
    price: 450_000,
    year: 2019,
    mileage: 85_000,
    exteriorColor: 'White',
  });
  await car('golf', {
    make: 'Volkswagen',
    model: 'Golf',
    bodyType: 'Hatchback',
    price: 300_000,
    year: 2018,
    features: ['Sunroof', 'Bluetooth'],
  });
  await car('prado', {
    make: 'Toyota',
    model: 'Land Cruiser Prado',
    seats: 7,
    ...suv,
    fuelType: 'Diesel',
    price: 1_200_000,
    year: 2020,
  });
  await car('picanto', { make: 'Kia', model: 'Picanto', bodyType: 'Hatchback', price: 150_000, year: 2021 });
  await car('cClass', {
    make: 'Mercedes-Benz',
    model: 'C-Class',
    bodyType: 'Sedan',
    price: 700_000,
    year: 2020,
    condition: 'Certified Pre-Owned',
  });
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, user?: TestUser) =>
  server.call({
    method: 'POST',
    url: `/api/ai/${url}`,
    payload: payload as Record<string, unknown>,
    ...(user ? { user } : {}),
  });

describe('POST /ai/search-natural-language', () => {
  it('reads the query into filters and answers the matching cars, ranked, with the shown score', async () => {
    const res = await post('search-natural-language', { query: 'electric SUV under 900k' });
    expect(res.statusCode).toBe(200);
    expect(res.data.success).toBe(true);
    const { cars: results, insights, filters } = res.data.data;
    expect(filters).toEqual({ bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 });
    expect(insights).toEqual(['Showing electric SUVs under E900,000']);
    // The sold Ioniq and the E1.5M iX are left out.
    expect(results.map((r: any) => r.car.id)).toEqual([ids['modelY']]);
    const [first] = results;
    expect(first.car._id).toBe(first.car.id);
    expect(first.car.make).toBe('Tesla');
    // Every filter met and the price within budget: all of what was asked (70 of the score), plus what the car is
    // (a recent, low-mileage car; no comparables, photos or video here, so those parts are neutral or nothing).
    expect(first.matchScore).toBe(87.31);
    expect(res.data.data.exact).toBe(true);
    expect(res.data.data.relaxed).toEqual([]);
    expect(res.data.data.total).toBe(1);
    expect(first.matchRank).toBe(1);
    expect(first.reasons).toEqual([
      'E850,000: E50,000 under your E900,000 budget',
      'Low mileage for 2023: 10,000 km',
      'SUV as requested',
      'Electric as requested',
    ]);
  });

  it('reads a first car for a new driver as affordable, small and easy, never as condition New', async () => {
    const res = await post('search-natural-language', { query: 'cheap first car for a new driver' });
    expect(res.statusCode).toBe(200);
    const { cars: results, filters, soft } = res.data.data;
    expect(filters).toEqual({});
    expect(soft).toEqual(['cheap', 'small', 'easy']);
    const scores = results.map((r: any) => r.matchScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(results.map((r: any) => r.matchRank)).toEqual(results.map((_: unknown, i: number) => i + 1));
    // The cheapest automatic hatchback fits all three; the E1.5M iX fits none of them well.
    expect(results[0].car.id).toBe(ids['picanto']);
    expect(results[0].reasons.slice(0, 2)).toEqual([
      'E150,000: one of the lowest prices here',
      'Hatchback: small and easy to park',
    ]);
    expect(results.at(-1).car.id).toBe(ids['ix']);
    // Reasons are the car's own: each names its price, and no two cards give the same lines.
    for (const result of results.slice(0, -1)) {
      expect(result.reasons.join(' ')).toContain(`E${result.car.price.toLocaleString('en-US')}`);
    }
    const lines = results.map((r: any) => r.reasons.join(' | '));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('reads a family of six as seven seats or more and filters on the seats', async () => {
    const res = await post('search-natural-language', { query: 'family of six' });
    expect(res.data.data.filters).toEqual({ minSeats: 7 });
    expect(res.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['prado']]);
    expect(res.data.data.cars[0].car.seats).toBe(7);
    expect(res.data.data.cars[0].reasons[0]).toBe('7 seats (you need 7)');
    expect(res.data.data.insights[0]).toBe('Showing cars with 7 or more seats, family-friendly cars first');
  });

  it('drops the chips the buyer removed from the reading of the same words', async () => {
    const res = await post('search-natural-language', {
      query: 'electric SUV under 900k',
      without: ['bodyType', 'maxPrice'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.filters).toEqual({ fuelType: 'Electric' });
    expect(res.data.data.cars.map((r: any) => r.car.id).sort()).toEqual([ids['modelY'], ids['ix']].sort());
    const soft = await post('search-natural-language', {
      query: 'cheap first car for a new driver',
      without: ['cheap'],
    });
    expect(soft.data.data.soft).toEqual(['small', 'easy']);
    for (const without of [['condition', 'bogus'], 'bodyType', Array.from({ length: 40 }, () => 'make')]) {
      const bad = await post('search-natural-language', { query: 'suv', without });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('forgives typos and nicknames and matches model families', async () => {
    const merc = await post('search-natural-language', { query: 'mercedez' });
    expect(merc.data.data.filters).toEqual({ make: 'Mercedes-Benz' });
    expect(merc.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['cClass']]);
    const cruiser = await post('search-natural-language', { query: 'landcruiser' });
    expect(cruiser.data.data.filters).toEqual({ make: 'Toyota', model: 'Land Cruiser' });
    expect(cruiser.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['prado']]);
    const bakkie = await post('search-natural-language', { query: 'white diesel bakkie, manual' });
    expect(bakkie.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['hilux']]);
  });

  it('ranks by soft preferences: cheap puts the lower price first', async () => {
    const res = await post('search-natural-language', { query: 'cheap hatchback' });
    expect(res.data.data.filters).toEqual({ bodyType: 'Hatchback' });
    expect(res.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['picanto'], ids['golf']]);
    expect(res.data.data.cars.map((r: any) => r.matchRank)).toEqual([1, 2]);
  });

  it('falls back to full-text search of the words when nothing could be read', async () => {
    const res = await post('search-natural-language', { query: 'sunroof' });
    expect(res.data.data.filters).toEqual({ search: 'sunroof' });
    expect(res.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['golf']]);
    const none = await post('search-natural-language', { query: 'zzyzx qwv' });
    expect(none.statusCode).toBe(200);
    expect(none.data.data.cars).toEqual([]);
    expect(none.data.data.insights[1]).toMatch(/No cars for sale match/);
  });

  it('reads a price or mileage no car can have as no filter, and answers instead of failing', async () => {
    for (const query of ['suv under 160089620402', 'b628-160089620402', 'under 99999999 km']) {
      const res = await post('search-natural-language', { query });
      expect(res.statusCode, query).toBe(200);
      expect(res.data.data.filters, query).not.toHaveProperty('maxPrice');
      expect(res.data.data.filters, query).not.toHaveProperty('maxMileage');
    }
  });

  it('refuses empty, blank, over-long and missing queries with 400', async () => {
    for (const payload of [{}, { query: '' }, { query: '   ' }, { query: 'x'.repeat(501) }, { query: 42 }]) {
      const res = await post('search-natural-language', payload);
      expect(res.statusCode).toBe(400);
      expect(res.data.success).toBe(false);
    }
    const notJson = await server.call({
      method: 'POST',
      url: '/api/ai/search-natural-language',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('POST /ai/recommendations', () => {
  it('scores each car by how much of the quiz it meets, orders by that score and says why', async () => {
    const res = await post('recommendations', {
      budget: { min: 0, max: 500_000 },
      familySize: 'small-family',
      usage: 'daily',
      commutingDistance: 'long',
      fuelPreference: 'eco-friendly',
    });
    expect(res.statusCode).toBe(200);
    const { cars: results, reasoning } = res.data.data;
    // Nothing above 110% of the budget; of the rest, the reliable, frugal Kia meets the most.
    expect(results.map((r: any) => r.car.id)).toEqual([ids['picanto'], ids['hilux'], ids['golf']]);
    // 70 times the share of the quiz met, plus each car's mileage for its age, age and media.
    expect(results.map((r: any) => r.matchScore)).toEqual([70.09, 67.87, 61.17]);
    expect(results.map((r: any) => r.matchRank)).toEqual([1, 2, 3]);
    expect(results[0].reasons).toEqual([
      'E150,000: E350,000 under your E500,000 budget',
      'Reliable make: Kia',
      'Small petrol hatchback: light on fuel',
    ]);
    expect(results[1].reasons).toEqual([
      'E450,000: E50,000 under your E500,000 budget',
      'Reliable make: Toyota',
      'Diesel bakkie: frugal on the open road',
      'Diesel bakkie: comfortable and frugal on long trips',
    ]);
    // The card shows two reasons; its note says the rest, so no reason is said twice.
    expect(results[0].lifestyleMatch).toBe('Also: Small petrol hatchback: light on fuel.');
    expect(results[1].lifestyleMatch).toBe(
      'Also: Diesel bakkie: frugal on the open road; Diesel bakkie: comfortable and frugal on long trips.',
    );
    // One sentence: what the answer is, not every card again.
    expect(reasoning).toMatch(/^3 matches for a budget of E0 to E500,000.*, best first\.$/);
    expect(reasoning).not.toContain('Kia Picanto');
    expect(res.data.data.total).toBe(3);
  });

  it('gives part of the budget to a price up to 110% of it and honours body and fuel choices', async () => {
    const res = await post('recommendations', {
      budget: { min: 0, max: 800_000 },
      bodyType: 'SUV',
      fuelType: 'Electric',
      commutingDistance: 'long',
    });
    // Model Y at E850,000 is E50,000 over: 19% of the budget's weight; every other criterion is met.
    expect(res.data.data.cars.map((r: any) => r.car.id)).toEqual([ids['modelY']]);
    expect(res.data.data.cars[0].matchScore).toBe(62.08);
    expect(res.data.data.cars[0].reasons).toEqual([
      'E850,000: E50,000 over your budget',
      'Electric SUV: comfortable and frugal on long trips',
      'Low mileage for 2023: 10,000 km',
      'SUV as requested',
    ]);
  });

  it("compares a budget in the buyer's currency with the cars' lilangeni prices; reasons speak the card's currency", async () => {
    // $28,000 is about E504,000: the same cars as a E500,000 budget; a card's reasons are in its price's lilangeni.
    const res = await post('recommendations', { budget: { min: 0, max: 28_000 }, currency: 'usd' });
    expect(res.statusCode).toBe(200);
    const { cars: results, reasoning } = res.data.data;
    // All three meet the whole quiz (a budget only): equal scores, in an order cars listed together leave open.
    expect(results.map((r: any) => r.car.id).sort()).toEqual(
      [ids['picanto'], ids['golf'], ids['hilux']].sort(),
    );
    const picanto = results.find((r: any) => r.car.id === ids['picanto']);
    expect(picanto.reasons[0]).toBe('E150,000: E354,000 under your E504,000 budget');
    expect(picanto.lifestyleMatch).toBe('');
    expect(picanto.reasons.join(' ')).not.toMatch(/\$/);
    // The summary names the budget as it was picked.
    expect(reasoning).toMatch(/^3 matches for a budget of \$0 to \$28,000, best first\.$/);
    // The car itself keeps its price in the catalogue's currency, the one its reasons speak.
    expect(picanto.car.price).toBe(150_000);
  });

  it("answers in the marketplace's lilangeni when the budget names no currency", async () => {
    const picantoReason = async (body: Record<string, unknown>) => {
      const res = await post('recommendations', { budget: { min: 0, max: 504_000 }, ...body });
      expect(res.statusCode).toBe(200);
      const picanto = res.data.data.cars.find((r: any) => r.car.id === ids['picanto']);
      return { reason: picanto.reasons[0], reasoning: res.data.data.reasoning };
    };
    for (const body of [{}, { currency: '' }, { currency: 'szl' }]) {
      const { reason, reasoning } = await picantoReason(body);
      expect(reason).toBe('E150,000: E354,000 under your E504,000 budget');
      expect(reasoning).toMatch(/^3 matches for a budget of E0 to E504,000, best first\.$/);
    }
    // The rand is at par with the lilangeni: the same amounts, in the card's lilangeni.
    expect((await picantoReason({ currency: 'ZAR' })).reason).toBe(
      'E150,000: E354,000 under your E504,000 budget',
    );
  });

  it('answers an empty list with a reason when nothing fits', async () => {
    const res = await post('recommendations', { budget: { min: 0, max: 1_000 } });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.cars).toEqual([]);
    expect(res.data.data.reasoning).toMatch(/^No cars for sale fit/);
  });

  it('refuses bad bodies with 400', async () => {
    for (const payload of [
      {},
      { budget: { min: 10, max: 5 } },
      { budget: { min: -1, max: 5 } },
      { budget: { min: 0, max: 'lots' } },
      { budget: { min: 0, max: 100 }, familySize: 'huge' },
      { budget: { min: 0, max: 100 }, bodyType: 'Spaceship' },
      { budget: { min: 0, max: 100 }, currency: 'dollars' },
      // A currency with no rate could be neither compared nor shown.
      { budget: { min: 0, max: 100 }, currency: 'JPY' },
    ]) {
      const res = await post('recommendations', payload);
      expect(res.statusCode).toBe(400);
      expect(res.data.success).toBe(false);
    }
  });
});

describe('POST /ai/pricing-insights', () => {
  let target: string;
  const corolla = { make: 'Toyota', model: 'Corolla', year: 2020, mileage: 50_000 };

  beforeAll(async () => {
    target = await insertCar(server, {
      sellerId: dealer.user.id,
      dealerId: dealer.dealerId,
      ...corolla,
      price: 200_000,
    });
    const other = { sellerId: dealer.user.id, dealerId: dealer.dealerId };
    // Comparable: same make and model, 2018-2022, 30,000-79,999 km, active and priced.
    await insertCar(server, { ...other, ...corolla, year: 2019, mileage: 40_000, price: 190_000 });
    await insertCar(server, { ...other, ...corolla, year: 2022, mileage: 79_999, price: 210_000 });
    // Not comparable: year, band, status, price 0, another model.
    await insertCar(server, { ...other, ...corolla, year: 2017, price: 100_000 });
    await insertCar(server, { ...other, ...corolla, mileage: 20_000, price: 300_000 });
    await insertCar(server, { ...other, ...corolla, mileage: 80_000, price: 300_000 });
    await insertCar(server, { ...other, ...corolla, status: 'sold', price: 100_000 });
    await insertCar(server, { ...other, ...corolla, price: 0 });
    await insertCar(server, { ...other, ...corolla, model: 'Corolla Cross', price: 100_000 });
  });

  const insights = (carId: string, user?: TestUser) => post('pricing-insights', { carId }, user);

  it('gives no market price with only 2 comparables, and says why', async () => {
    const res = await insights(target);
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({
      marketPrice: null,
      marketPosition: null,
      comparables: 2,
      confidence: 85,
    });
    expect(res.data.data.comparison).toHaveLength(2);
    expect(res.data.data.insights[0]).toMatch(/^Only 2 comparable cars are for sale .*at least 3 are needed/);
  });

  it('prices against the median of 3 comparables, with the 95% and 105% boundaries counted as at market', async () => {
    const third = await insertCar(server, {
      sellerId: dealer.user.id,
      dealerId: dealer.dealerId,
      ...corolla,
      year: 2021,
      mileage: 30_000,
      price: 200_000,
    });
    const first = await insights(target);
    expect(first.data.data).toMatchObject({ marketPrice: 200_000, comparables: 3, confidence: 85 });
    expect(first.data.data.comparison.map((c: any) => c.price).sort()).toEqual([190_000, 200_000, 210_000]);
    expect(first.data.data.comparison[0]).toEqual({
      id: expect.any(String),
      _id: expect.any(String),
      make: 'Toyota',
      model: 'Corolla',
      year: expect.any(Number),
      mileage: expect.any(Number),
      price: expect.any(Number),
    });
    expect(first.data.data.comparison.map((c: any) => c.id)).not.toContain(target);
    const expectations: [number, string][] = [
      [189_999, 'below'],
      [190_000, 'at'],
      [200_000, 'at'],
      [210_000, 'at'],
      [210_001, 'above'],
    ];
    for (const [price, position] of expectations) {
      await server.ctx.db.update(cars).set({ price }).where(eq(cars.id, target));
      const res = await insights(target);
      expect(res.data.data.marketPosition).toBe(position);
      expect(res.data.data.marketPrice).toBe(200_000);
    }
    expect((await insights(target)).data.data.insights[1]).toMatch(
      /^This car's price of E210,001 is 5% above the market price/,
    );
    await server.ctx.db.delete(cars).where(eq(cars.id, third));
  });

  it('answers 404 for unknown ids and for cars not for sale unless the caller is their seller', async () => {
    expect((await insights(randomUUID())).statusCode).toBe(404);
    expect((await insights('not-a-uuid')).statusCode).toBe(404);
    const sold = ids['soldIoniq']!;
    expect((await insights(sold)).statusCode).toBe(404);
    expect((await insights(sold, otherCustomer)).statusCode).toBe(404);
    expect((await insights(sold, dealer.user)).statusCode).toBe(200);
    const otherDealer = await createDealer(server, { name: 'Other Motors' });
    expect((await insights(sold, otherDealer.user)).statusCode).toBe(404);
    const admin = await server.createUser({ role: 'admin' });
    expect((await insights(sold, admin)).statusCode).toBe(200);
    // Reading insights changes nothing.
    const [row] = await server.ctx.db.select().from(cars).where(eq(cars.id, sold));
    expect(row).toMatchObject({ status: 'sold', price: 800_000 });
  });

  it('refuses bad bodies with 400', async () => {
    for (const payload of [{}, { carId: '' }, { carId: 'a b' }, { carId: 12 }]) {
      expect((await post('pricing-insights', payload)).statusCode).toBe(400);
    }
  });
});

describe('API documentation', () => {
  it('lists the five AI routes', async () => {
    const res = await server.call({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.data.paths);
    for (const route of [
      'search-natural-language',
      'recommendations',
      'pricing-insights',
      'generate-listing',
      'enhance-description',
    ]) {
      expect(paths).toContain(`/api/ai/${route}`);
    }
  });
});

describe('POST /ai/generate-listing', () => {
  const specs = {
    make: 'Toyota',
    model: 'Hilux',
    year: 2019,
    mileage: 85_000,
    condition: 'Used',
    fuelType: 'Diesel',
    transmission: 'Manual',
    bodyType: 'Truck',
  };

  it('needs a signed-in account', async () => {
    const res = await post('generate-listing', specs);
    expect(res.statusCode).toBe(401);
    const badToken = await server.call({
      method: 'POST',
      url: '/api/ai/generate-listing',
      payload: specs,
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.data.message).toBe('Invalid or expired token');
  });

  it('writes a description from the specs and 5 to 8 features, the same every time', async () => {
    const res = await post('generate-listing', specs, customer);
    expect(res.statusCode).toBe(200);
    const { description, features } = res.data.data;
    expect(description.length).toBeGreaterThanOrEqual(20);
    // The colour defaults to Black.
    for (const fact of ['2019 Toyota Hilux', 'Black', 'diesel', 'manual', '85,000 km'])
      expect(description).toContain(fact);
    expect(features.length).toBeGreaterThanOrEqual(5);
    expect(features.length).toBeLessThanOrEqual(8);
    const again = await post('generate-listing', specs, dealer.user);
    expect(again.data.data).toEqual(res.data.data);
  });

  it('refuses bad bodies with 400', async () => {
    for (const payload of [
      {},
      { ...specs, make: '' },
      { ...specs, year: 'old' },
      { ...specs, year: 1800 },
      { ...specs, fuelType: 'Steam' },
      { ...specs, mileage: -5 },
    ]) {
      const res = await post('generate-listing', payload, customer);
      expect(res.statusCode).toBe(400);
      expect(res.data.success).toBe(false);
    }
  });
});

describe('POST /ai/enhance-description', () => {
  it('tidies the text, keeps its facts and adds the missing specs', async () => {
    const payload = {
      description: 'great  condition ,new tyres',
      carData: { make: 'Kia', model: 'Picanto', year: 2021, mileage: 12_000, color: 'Red' },
    };
    expect((await post('enhance-description', payload)).statusCode).toBe(401);
    const res = await post('enhance-description', payload, customer);
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toEqual({
      description: 'Great condition, new tyres. Key details: 2021 Kia Picanto, Red, 12,000 km.',
    });
    expect((await post('enhance-description', payload, dealer.user)).data.data).toEqual(res.data.data);
  });

  it('accepts a description without car data and refuses bad bodies with 400', async () => {
    const ok = await post('enhance-description', { description: 'clean car' }, customer);
    expect(ok.data.data).toEqual({ description: 'Clean car.' });
    for (const payload of [
      {},
      { description: '' },
      { description: 'x', carData: { year: 'new' } },
      { description: 'x', carData: { fuelType: 'Coal' } },
    ]) {
      expect((await post('enhance-description', payload, customer)).statusCode).toBe(400);
    }
  });
});
