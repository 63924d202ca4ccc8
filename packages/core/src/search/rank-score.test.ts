import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RANK_WEIGHTS, type CarMarket } from './car-quality.ts';
import { matchContext, rankMatches, rankScore, type MatchableCar, type MatchRequest } from './match-score.ts';

const YEAR = 2026;
const base: MatchableCar & { id: string } = {
  id: 'base',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  mileage: 90_000,
  price: 250_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'Sedan',
  condition: 'Used',
  seats: 5,
  features: [],
  photoCount: 4,
  hasVideo: false,
};
const corollaUnder300k: MatchRequest = {
  filters: { make: 'Toyota', model: 'Corolla', maxPrice: 300_000 },
  soft: [],
};
const context = { ...matchContext([], 'E', 1, YEAR) };
const market = (marketPrice: number): CarMarket => ({ marketPrice, comparables: 5 });
const score = (car: MatchableCar, m: CarMarket | null = null, request = corollaUnder300k) =>
  rankScore(car, request, context, m);

describe('rankScore', () => {
  it('weighs the ask and the quality factors to 100', () => {
    expect(Object.values(RANK_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    const perfect = score(
      {
        ...base,
        year: YEAR,
        mileage: 0,
        price: 300_000,
        photoCount: 12,
        hasVideo: true,
        replyTime: { medianMinutes: 0, sample: 10 },
      },
      market(900_000),
    );
    expect(perfect.ask).toBe(100);
    expect(perfect.score).toBeGreaterThan(98);
    expect(perfect.score).toBeLessThanOrEqual(100);
  });

  // Each row: a car better than the base in one thing only, and the reason it earns. The better car must score
  // strictly higher; an equal score here would hide a real difference between the two cars.
  const table: { what: string; better: Partial<MatchableCar>; market?: [number, number]; reason?: string }[] =
    [
      {
        what: 'price under its comparables',
        better: {},
        market: [288_000, 250_000],
        reason: 'E38,000 under similar cars',
      },
      { what: 'a smaller gap over the market', better: {}, market: [245_000, 230_000] },
      {
        what: 'lower mileage for its age',
        better: { mileage: 30_000 },
        reason: 'Low mileage for 2020: 30,000 km',
      },
      { what: 'a younger car, same mileage', better: { year: 2022 } },
      {
        what: 'a cheaper car against the same market',
        better: { price: 240_000 },
        market: [250_000, 250_000],
      },
      { what: 'a price nearer the budget when over it', better: { price: 310_000 } },
      { what: 'a video', better: { hasVideo: true } },
      { what: 'more photos', better: { photoCount: 9 } },
      {
        what: 'a seller who replies quickly',
        better: { replyTime: { medianMinutes: 20, sample: 12 } },
        reason: 'Seller usually replies within an hour',
      },
    ];
  for (const row of table) {
    it(`ranks ${row.what} higher`, () => {
      // The base is priced at the market (when one is given, the second number) unless the row says otherwise.
      const better = score({ ...base, ...row.better }, row.market ? market(row.market[0]) : null);
      const worse = score(
        row.better.price && row.better.price > 300_000 ? { ...base, price: 330_000 } : base,
        row.market ? market(row.market[1]) : null,
      );
      expect(better.score).toBeGreaterThan(worse.score);
      if (row.reason) expect(better.reasons).toContain(row.reason);
    });
  }

  it('treats what the data cannot tell as neutral: no comparables, no reply time, no budget', () => {
    const plain = score(base);
    expect(score(base, null).score).toBe(plain.score);
    expect(score({ ...base, replyTime: null }).score).toBe(plain.score);
    // Too few replies to trust is no reply time.
    expect(score({ ...base, replyTime: { medianMinutes: 5, sample: 2 } }).score).toBe(plain.score);
    // A slow seller is below neutral, a quick one above.
    expect(score({ ...base, replyTime: { medianMinutes: 600, sample: 9 } }).score).toBeLessThan(plain.score);
  });

  it('puts a car meeting everything asked ahead of one missing a wish when their quality is alike', () => {
    const meetsAll = score({ ...base, year: 2019, mileage: 110_000, photoCount: 2 }, market(240_000));
    const wrongModel = score(
      {
        ...base,
        model: 'Camry',
        year: 2021,
        mileage: 70_000,
        photoCount: 6,
      },
      market(260_000),
    );
    expect(meetsAll.score).toBeGreaterThan(wrongModel.score);
  });

  it('says the market gap in the currency the price is shown in', () => {
    const dollars = rankScore(
      base,
      corollaUnder300k,
      { ...context, currencySymbol: '$', lilangeniPerUnit: 18 },
      market(286_000),
    );
    expect(dollars.reasons).toContain('$2,000 under similar cars');
    expect(dollars.pricingInsight).toMatchObject({ marketPosition: 'below', comparables: 5 });
  });
});

describe('rankMatches with the quality factors', () => {
  it("gives four Corollas that meet 'toyota corolla under 300k' four different scores, best deal first", () => {
    const cars = [
      { ...base, id: 'average' },
      { ...base, id: 'deal', price: 235_000 },
      { ...base, id: 'low-km', mileage: 25_000, hasVideo: true },
      { ...base, id: 'old', year: 2014, mileage: 180_000, price: 200_000 },
    ];
    const markets: Record<string, CarMarket> = {
      average: market(250_000),
      deal: market(273_000),
      'low-km': market(250_000),
      old: market(190_000),
    };
    const ranked = rankMatches(cars, corollaUnder300k, {
      currentYear: YEAR,
      marketOf: (car) => markets[car.id],
    });
    const scores = ranked.map((r) => r.matchScore);
    expect(new Set(scores).size).toBe(4);
    expect(ranked.map((r) => r.car.id)).toEqual(['low-km', 'deal', 'average', 'old']);
    expect(ranked.find((r) => r.car.id === 'deal')!.reasons).toContain('E38,000 under similar cars');
    expect(ranked.find((r) => r.car.id === 'low-km')!.reasons).toContain('Low mileage for 2020: 25,000 km');
  });

  it('never lets equal scores hide a real difference in one scored fact', () => {
    // Two cars differing by a material amount (5,000 km, E5,000, a year, a photo) in exactly one scored fact get
    // different scores, and the better one the higher: lower mileage, a younger car, a lower price, more photos.
    const pair = (key: 'mileage' | 'year' | 'price' | 'photoCount', min: number, max: number) =>
      fc.record({ key: fc.constant(key), a: fc.integer({ min, max }), b: fc.integer({ min, max }) });
    const fact = fc.oneof(
      pair('mileage', 0, 60),
      pair('year', 2005, YEAR),
      pair('price', 20, 60),
      pair('photoCount', 0, 10),
    );
    const value = (key: string, v: number) => (key === 'mileage' || key === 'price' ? v * 5_000 : v);
    fc.assert(
      fc.property(fact, ({ key, a, b }) => {
        fc.pre(a < b);
        const low = score({ ...base, [key]: value(key, a) }, market(250_000)).score;
        const high = score({ ...base, [key]: value(key, b) }, market(250_000)).score;
        if (key === 'mileage' || key === 'price') expect(low).toBeGreaterThan(high);
        else expect(high).toBeGreaterThan(low);
      }),
      { numRuns: 500 },
    );
  });
});
