import { describe, expect, it } from 'vitest';
import { poolComparables, type ComparableCar } from './ai.repository.ts';
import {
  COMPARABLE_YEAR_SPREAD,
  MIN_COMPARABLES,
  marketsOf,
  medianPrice,
  mileageBand,
} from './ai.service.ts';

/** The pricing rule as the pricing insight states it, one car at a time: what marketsOf must answer for each car. */
function marketByTheRule(car: ComparableCar, pool: readonly ComparableCar[]) {
  const band = mileageBand(car.mileage);
  const prices = pool
    .filter(
      (other) =>
        other.id !== car.id &&
        other.price > 0 &&
        other.make === car.make &&
        other.model === car.model &&
        Math.abs(other.year - car.year) <= COMPARABLE_YEAR_SPREAD &&
        other.mileage >= band.min &&
        (band.max === null || other.mileage < band.max),
    )
    .sort((a, b) => b.year - a.year || a.mileage - b.mileage || (a.id < b.id ? -1 : 1))
    .slice(0, 200)
    .map((other) => other.price);
  return prices.length < MIN_COMPARABLES
    ? null
    : { marketPrice: medianPrice(prices)!, comparables: prices.length };
}

describe('markets', () => {
  it("price each car by the rule, without itself, in groups large and small, whoever shares the car's group", () => {
    let seed = 11;
    const next = (below: number) => (seed = (seed * 16_807) % 2_147_483_647) % below;
    const pool: ComparableCar[] = Array.from({ length: 3_000 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      make: 'Toyota',
      model: i % 7 === 0 ? 'Hilux' : 'Corolla',
      year: 2012 + next(10),
      mileage: next(50) * 5_000,
      // Repeated prices too: a median over equal prices must leave out the right one.
      price: i % 50 === 0 ? 0 : 150_000 + next(40) * 5_000,
    }));
    const priced = pool.filter((_, i) => i % 23 === 0);
    const markets = marketsOf(priced, poolComparables(pool));
    let large = 0;
    for (const car of priced) {
      expect(markets.get(car.id), car.id).toEqual(marketByTheRule(car, pool));
      if (markets.get(car.id)?.comparables === 200) large++;
    }
    // Both sides of the rule were met: cars with 200 comparables and cars with fewer.
    expect(large).toBeGreaterThan(10);
    expect(priced.length - large).toBeGreaterThan(10);
  });
});
