import { describe, expect, it } from 'vitest';
import { readCarSearch } from './nl-search/read-car-search.ts';
import {
  fuelEconomy,
  matchContext,
  matchRequestOf,
  meetsHardFilters,
  profileRequest,
  rankAll,
  rankMatches,
  scoreMatch,
  type MatchableCar,
  type MatchRequest,
} from './match-score.ts';

const car = (over: Partial<MatchableCar> & { id: string }): MatchableCar & { id: string } => ({
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  mileage: 50_000,
  price: 200_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'Sedan',
  condition: 'Used',
  seats: 5,
  features: [],
  ...over,
});

const ask = (filters: MatchRequest['filters'], soft: MatchRequest['soft'] = []): MatchRequest => ({
  filters,
  soft,
});
const context = matchContext([]);

describe('scoreMatch', () => {
  it('is 100 when every filter is met and the price is within budget', () => {
    const result = scoreMatch(
      car({ id: 'a', bodyType: 'SUV', fuelType: 'Electric', price: 850_000 }),
      ask({ bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 }),
      context,
    );
    expect(result.score).toBe(100);
    expect(result.reasons[0]).toBe('E850,000: E50,000 under your E900,000 budget');
  });

  it('counts a missed filter against the car by its weight', () => {
    // Budget 25 met, body 10 missed: 25 of 35.
    const result = scoreMatch(car({ id: 'a' }), ask({ bodyType: 'SUV', maxPrice: 300_000 }), context);
    expect(result.score).toBe(71);
  });

  it('gives part of the budget up to 10% over it and none beyond', () => {
    const over = (price: number) =>
      scoreMatch(car({ id: 'a', price }), ask({ maxPrice: 100_000 }), context).score;
    expect(over(100_000)).toBe(100);
    expect(over(105_000)).toBe(25);
    expect(over(110_000)).toBe(0);
    expect(scoreMatch(car({ id: 'a', price: 0 }), ask({ maxPrice: 100_000 }), context)).toEqual({
      score: 30,
      reasons: ['Price on request'],
    });
  });

  it('meets a seats need with enough seats and names them', () => {
    const need = ask({ minSeats: 7 });
    expect(scoreMatch(car({ id: 'a', seats: 7 }), need, context)).toEqual({
      score: 100,
      reasons: ['7 seats (you need 7)'],
    });
    expect(scoreMatch(car({ id: 'a', seats: 5 }), need, context).score).toBe(0);
    expect(scoreMatch(car({ id: 'a', seats: null }), need, context).score).toBe(50);
  });

  it("explains fuel economy from the car's fuel and body", () => {
    expect(fuelEconomy(car({ id: 'a', fuelType: 'Electric' })).reason).toBe('Electric: no fuel to buy');
    expect(fuelEconomy(car({ id: 'a', fuelType: 'Hybrid', bodyType: 'SUV' })).reason).toBe(
      'Hybrid SUV: very low fuel use',
    );
    expect(fuelEconomy(car({ id: 'a', bodyType: 'Truck', fuelType: 'Diesel' })).reason).toBe(
      'Diesel bakkie: frugal on the open road',
    );
    expect(fuelEconomy(car({ id: 'a', bodyType: 'SUV' })).rating).toBeLessThan(
      fuelEconomy(car({ id: 'a', bodyType: 'Hatchback' })).rating,
    );
  });

  it('gives feature words found in the car, and half of a word of a whole search found elsewhere', () => {
    const sunroof = car({ id: 'a', features: ['Panoramic Sunroof'] });
    expect(scoreMatch(sunroof, { ...ask({ make: 'Toyota' }), words: ['sunroof'] }, context)).toEqual({
      score: 100,
      reasons: ['Has Panoramic Sunroof', 'Toyota as asked'],
    });
    expect(
      scoreMatch(car({ id: 'b' }), { ...ask({ search: 'towbar' }), words: ['towbar'] }, context).score,
    ).toBe(50);
  });
});

describe('rankMatches', () => {
  it('orders by score, ties to certified pre-owned then the given order, and ranks from 1', () => {
    const cars = [
      car({ id: 'petrol-suv', bodyType: 'SUV' }),
      car({ id: 'hybrid', fuelType: 'Hybrid' }),
      car({ id: 'electric', fuelType: 'Electric' }),
      car({ id: 'certified-hybrid', fuelType: 'Hybrid', condition: 'Certified Pre-Owned' }),
    ];
    const ranked = rankMatches(cars, ask({}, ['fuel-efficient']), { currentYear: 2026 });
    expect(ranked.map((r) => [r.car.id, r.matchRank])).toEqual([
      ['electric', 1],
      ['certified-hybrid', 2],
      ['hybrid', 3],
      ['petrol-suv', 4],
    ]);
    // The two hybrids differ in nothing the score weighs, so they tie, and the certified one goes first.
    expect(ranked[1]!.matchScore).toBe(ranked[2]!.matchScore);
    expect(ranked[0]!.matchScore).toBeGreaterThan(ranked[1]!.matchScore);
  });

  it("writes the reasons' amounts in the buyer's currency and still compares prices in lilangeni", () => {
    // A $28,000 budget is E504,000: the E450,000 car is within it, the E560,000 one beyond its 110% reach.
    const cars = [car({ id: 'in', price: 450_000 }), car({ id: 'out', price: 560_000 })];
    const ranked = rankMatches(cars, ask({ maxPrice: 504_000 }), {
      currencySymbol: '$',
      lilangeniPerUnit: 18,
      currentYear: 2026,
    });
    expect(ranked.map((r) => r.car.id)).toEqual(['in', 'out']);
    // 'out' meets nothing asked: only its quality factors score.
    expect(ranked[1]!.matchScore).toBeLessThan(30);
    expect(ranked[0]!.reasons[0]).toBe('$25,000: $3,000 under your $28,000 budget');
  });

  it('reads a first car for a new driver as cheap, small and easy: a cheap automatic hatch first', () => {
    const reading = readCarSearch('cheap first car for a new driver', new Date('2026-06-01'));
    expect(reading.filters.condition).toBeUndefined();
    const cars = [
      car({ id: 'new-suv', condition: 'New', bodyType: 'SUV', price: 600_000, year: 2026 }),
      car({ id: 'manual-hatch', bodyType: 'Hatchback', transmission: 'Manual', price: 120_000 }),
      car({ id: 'auto-hatch', bodyType: 'Hatchback', price: 130_000 }),
    ];
    const ranked = rankMatches(cars, reading, { currentYear: 2026 });
    expect(ranked.map((r) => r.car.id)).toEqual(['auto-hatch', 'manual-hatch', 'new-suv']);
    expect(ranked[0]!.reasons).toEqual([
      'E130,000: one of the lowest prices here',
      'Hatchback: small and easy to park',
      'Automatic: easy to drive',
      'Low mileage for 2020: 50,000 km',
    ]);
    const scores = ranked.map((r) => r.matchScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keeps only cars meeting a floor share of the ask, and at most the limit', () => {
    const cars = [car({ id: 'a', price: 50 }), car({ id: 'b', price: 500 }), car({ id: 'c', price: 5_000 })];
    // 'c' is far over the budget: none of the ask. 'a' and 'b' are both within it and differ in nothing else scored
    // (no market known), so they tie and keep the given order.
    const kept = rankMatches(cars, ask({ maxPrice: 600 }), { keepFrom: 50, currentYear: 2026 });
    expect(kept.map((r) => r.car.id)).toEqual(['a', 'b']);
    const ranked = rankMatches(cars, ask({ maxPrice: 600 }), { keepFrom: 50, limit: 1, currentYear: 2026 });
    expect(ranked.map((r) => r.car.id)).toEqual(['a']);
    // The total counts every car kept, before the limit: 'Top 1 of 2'.
    const all = rankAll(cars, ask({ maxPrice: 600 }), { keepFrom: 50, limit: 1, currentYear: 2026 });
    expect({ ids: all.matches.map((r) => r.car.id), total: all.total }).toEqual({ ids: ['a'], total: 2 });
  });

  it('scores farm, ride-hailing and long-trip uses by the body, fuel and seats that suit them', () => {
    const bakkie = car({ id: 'bakkie', bodyType: 'Truck', fuelType: 'Diesel' });
    const hatch = car({ id: 'hatch', bodyType: 'Hatchback' });
    const suv = car({ id: 'suv', bodyType: 'SUV', fuelType: 'Diesel' });
    expect(rankMatches([hatch, suv, bakkie], ask({}, ['rugged'])).map((r) => r.car.id)).toEqual([
      'bakkie',
      'suv',
      'hatch',
    ]);
    expect(rankMatches([bakkie, suv, hatch], ask({}, ['ride-hailing']))[0]!.car.id).toBe('hatch');
    expect(rankMatches([hatch, bakkie, suv], ask({}, ['long-trips']))[0]!.car.id).toBe('suv');
  });
});

describe('profileRequest', () => {
  it('makes the budget hard and the answers preferences', () => {
    expect(
      profileRequest({
        budget: { min: 0, max: 500_000 },
        familySize: 'large-family',
        fuelPreference: 'economy',
        usage: 'daily',
        commutingDistance: 'long',
        priorities: ['space', 'safety'],
        bodyType: 'SUV',
      }),
    ).toEqual({
      filters: { maxPrice: 500_000, bodyType: 'SUV' },
      soft: ['family', 'spacious', 'fuel-efficient', 'reliable', 'long-trips'],
    });
    expect(profileRequest({ budget: { min: 100, max: 0 } })).toEqual({
      filters: { minPrice: 100 },
      soft: [],
    });
  });
});

describe('meetsHardFilters', () => {
  it('holds every hard filter, the seats, and the budget up to its reach', () => {
    const filters = readCarSearch(
      'diesel suv for a family of six under 500k',
      new Date('2026-06-01'),
    ).filters;
    expect(filters).toMatchObject({ fuelType: 'Diesel', bodyType: 'SUV', minSeats: 7, maxPrice: 500_000 });
    const fortuner = car({ id: 'f', bodyType: 'SUV', fuelType: 'Diesel', seats: 7, price: 500_000 });
    expect(meetsHardFilters(fortuner, filters)).toBe(true);
    // 5% over the budget still earns part of it; 10% over earns none.
    expect(meetsHardFilters({ ...fortuner, price: 525_000 }, filters)).toBe(true);
    expect(meetsHardFilters({ ...fortuner, price: 550_000 }, filters)).toBe(false);
    expect(meetsHardFilters({ ...fortuner, seats: 5 }, filters)).toBe(false);
    expect(meetsHardFilters({ ...fortuner, fuelType: 'Petrol' }, filters)).toBe(false);
    expect(meetsHardFilters({ ...fortuner, bodyType: 'Sedan' }, filters)).toBe(false);
    expect(meetsHardFilters(fortuner, {})).toBe(true);
  });

  it('takes words the reader did not understand as possible features, not numbers or short words', () => {
    const reading = { filters: {}, soft: [], unmatchedWords: ['sunroof', '2020', 'go'] };
    expect(matchRequestOf(reading)).toEqual({ filters: {}, soft: [], words: ['sunroof'] });
  });
});
