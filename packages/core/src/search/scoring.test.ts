import { describe, expect, it } from 'vitest';
import {
  FAMILY_FIT_SCORES,
  RECOMMENDATION_KEEP_ABOVE,
  RECOMMENDATION_LIMIT,
  RECOMMENDATION_REASONS,
  RECOMMENDATION_SCORES,
  RELIABLE_BRANDS,
  SEARCH_KEEP_ABOVE,
  SEARCH_REASONS,
  SEARCH_RESULT_LIMIT,
  SEARCH_SCORES,
  fallbackRecommendations,
  fallbackSearch,
  isFamilyFriendly,
  parseBudget,
} from './scoring.ts';
import type { ScorableCar } from './scoring.ts';

type Car = ScorableCar & { id: string };
const car = (id: string, fields: ScorableCar = {}): Car => ({
  id,
  make: 'BMW',
  fuelType: 'Petrol',
  ...fields,
});
const scoreOf = (results: { car: Car; matchScore: number }[], id: string) =>
  results.find((r) => r.car.id === id)?.matchScore;

describe('constants', () => {
  it('pins the SPEC weights and limits', () => {
    expect(SEARCH_SCORES).toEqual({
      budget: 30,
      suv: 25,
      sedan: 25,
      reliableBrand: 20,
      fuelEfficient: 20,
      familyFeatures: 15,
      certifiedPreOwned: 10,
    });
    expect(SEARCH_KEEP_ABOVE).toBe(20);
    expect(SEARCH_RESULT_LIMIT).toBe(6);
    expect(RECOMMENDATION_SCORES).toEqual({
      budgetFit: 35,
      budgetClose: 20,
      longCommute: 20,
      ecoFuel: 25,
      economyHybrid: 20,
      dailyReliable: 15,
    });
    expect(RECOMMENDATION_KEEP_ABOVE).toBe(25);
    expect(RECOMMENDATION_LIMIT).toBe(8);
    expect(RELIABLE_BRANDS).toContain('Toyota');
    expect(FAMILY_FIT_SCORES['large-family'].SUV).toBe(25);
  });
});

describe('parseBudget', () => {
  it.each([
    ['under 300k', 300_000],
    ['below E450,000', 450_000],
    ['max 1.5m', 1_500_000],
    ['budget 200000', 200_000],
    ['up to 2 million', 2_000_000],
    ['around 80 thousand', 80_000],
    ['between 200k and 400k', 400_000],
    ['2020 toyota under 300K', 300_000],
    ['suv under 500k with less than 100k km', 500_000],
  ])('%s -> %d', (query, budget) => {
    expect(parseBudget(query)).toBe(budget);
  });

  it('ignores years, small numbers and mileages', () => {
    expect(parseBudget('2020 toyota')).toBeNull();
    expect(parseBudget('7 seats')).toBeNull();
    expect(parseBudget('under 50k km')).toBeNull();
    expect(parseBudget('less than 80,000 miles')).toBeNull();
    expect(parseBudget('bmw 320i')).toBeNull();
    expect(parseBudget('a family car')).toBeNull();
    expect(parseBudget('2015.5')).toBe(2015.5);
    expect(parseBudget('99999')).toBe(99_999);
  });
});

describe('fallbackSearch', () => {
  it('finds nothing for a blank query', () => {
    expect(fallbackSearch('  ', [car('a', { bodyType: 'SUV' })])).toEqual([]);
  });

  it('scores budget +30 when the price is within it', () => {
    const cars = [car('at', { price: 300_000 }), car('over', { price: 300_001 }), car('none', { price: 0 })];
    const results = fallbackSearch('something under 300k', cars);
    expect(results).toEqual([
      { car: cars[0], matchScore: 30, matchRank: 1, reasons: [SEARCH_REASONS.budget] },
    ]);
  });

  it('scores SUV +25 and sedan +25 only when asked', () => {
    const suv = car('suv', { bodyType: 'SUV' });
    const sedan = car('sedan', { bodyType: 'sedan' });
    expect(fallbackSearch('an suv please', [suv, sedan])).toEqual([
      { car: suv, matchScore: 25, matchRank: 1, reasons: ['SUV as requested'] },
    ]);
    expect(fallbackSearch('a saloon', [suv, sedan])).toEqual([
      { car: sedan, matchScore: 25, matchRank: 1, reasons: ['Sedan as requested'] },
    ]);
    expect(fallbackSearch('a fast car', [suv, sedan])).toEqual([]);
  });

  it('drops a score of exactly 20 and keeps 25', () => {
    const reliable = car('reliable', { make: 'Toyota' });
    const familyCpo = car('familyCpo', { bodyType: 'Wagon', condition: 'Certified Pre-Owned' });
    const results = fallbackSearch('reliable family car', [reliable, familyCpo]);
    expect(results.map((r) => r.car.id)).toEqual(['familyCpo']);
    expect(results[0]?.matchScore).toBe(25);
    expect(results[0]?.reasons).toEqual(['Family friendly', 'Certified pre-owned']);
  });

  it('scores reliable brand and fuel efficiency', () => {
    const prius = car('prius', { make: 'toyota', fuelType: 'Hybrid', bodyType: 'Hatchback' });
    const results = fallbackSearch('reliable and fuel efficient', [prius]);
    expect(results[0]).toMatchObject({
      matchScore: 40,
      reasons: ['Reliable brand: toyota', 'Fuel efficient hybrid'],
    });
    expect(
      fallbackSearch('an EV that is reliable', [car('leaf', { make: 'Kia', fuelType: 'Electric' })])[0],
    ).toMatchObject({ matchScore: 40 });
  });

  it('caps at 100', () => {
    const best = car('best', {
      make: 'Toyota',
      fuelType: 'Hybrid',
      bodyType: 'SUV',
      price: 400_000,
      condition: 'Certified Pre-Owned',
    });
    const results = fallbackSearch('reliable hybrid family suv under 500k', [best]);
    expect(results[0]?.matchScore).toBe(100);
    expect(results[0]?.reasons).toHaveLength(6);
  });

  it('ranks by score, keeps ties in order and returns the top 6', () => {
    const cars = Array.from({ length: 7 }, (_, i) => car(`suv${i}`, { bodyType: 'SUV' }));
    const better = car('better', { bodyType: 'SUV', make: 'Honda' });
    const results = fallbackSearch('reliable suv', [...cars, better]);
    expect(results).toHaveLength(6);
    expect(results.map((r) => r.car.id)).toEqual(['better', 'suv0', 'suv1', 'suv2', 'suv3', 'suv4']);
    expect(results.map((r) => r.matchRank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scoreOf(results, 'better')).toBe(45);
  });

  it('adds a pricing insight when a market price is known', () => {
    const suv = car('suv', { bodyType: 'SUV', price: 90 });
    const [withInsight] = fallbackSearch('suv', [suv], { marketPriceOf: () => 100 });
    expect(withInsight?.pricingInsight).toMatchObject({ marketPosition: 'below', confidence: 85 });
    const [without] = fallbackSearch('suv', [suv], { marketPriceOf: () => null });
    expect(without).not.toHaveProperty('pricingInsight');
  });
});

describe('isFamilyFriendly', () => {
  it('looks at body, seats and features', () => {
    expect(isFamilyFriendly({ bodyType: 'wagon' })).toBe(true);
    expect(isFamilyFriendly({ bodyType: 'Minivan' })).toBe(false);
    expect(isFamilyFriendly({ bodyType: 'Coupe', seats: 7 })).toBe(true);
    expect(isFamilyFriendly({ bodyType: 'Coupe', seats: 5 })).toBe(false);
    expect(isFamilyFriendly({ bodyType: 'Sedan', features: ['Third-row seating'] })).toBe(true);
    expect(isFamilyFriendly({ bodyType: 'Sedan', features: [null, 'ISOFIX anchors'] })).toBe(true);
    expect(isFamilyFriendly({ bodyType: 'Sedan', features: ['Sunroof'] })).toBe(false);
    expect(isFamilyFriendly({})).toBe(false);
  });
});

describe('fallbackRecommendations', () => {
  const budget = { min: 100_000, max: 500_000 };

  it('scores budget fit +35 inside [min, max]', () => {
    const cars = [
      car('min', { price: 100_000 }),
      car('max', { price: 500_000 }),
      car('under-min', { price: 99_999 }),
      car('no-price', { price: 0 }),
    ];
    const results = fallbackRecommendations({ budget }, cars);
    expect(results.map((r) => [r.car.id, r.matchScore, r.reasons])).toEqual([
      ['min', 35, ['Fits your budget']],
      ['max', 35, ['Fits your budget']],
    ]);
  });

  it('scores close (up to 110% of max) +20', () => {
    const profile = { budget, familySize: 'single' };
    const cars = [
      car('110', { price: 550_000, bodyType: 'Sedan' }),
      car('110+1', { price: 550_001, bodyType: 'Sedan' }),
    ];
    const results = fallbackRecommendations(profile, cars);
    expect(results.map((r) => [r.car.id, r.matchScore])).toEqual([['110', 40]]);
    expect(results[0]?.reasons).toEqual([RECOMMENDATION_REASONS.budgetClose, 'Suits a single driver']);
  });

  it('ignores the budget without a max', () => {
    expect(fallbackRecommendations({ budget: { min: 0, max: 0 } }, [car('a', { price: 1 })])).toEqual([]);
    expect(fallbackRecommendations({ budget: null }, [car('a', { price: 1 })])).toEqual([]);
    expect(fallbackRecommendations({ budget: { max: 10 } }, [car('a', { price: 5 })])[0]?.matchScore).toBe(
      35,
    );
  });

  it('scores family fit +25, +20 or +15 and keeps only above 25', () => {
    const profile = { familySize: 'large-family', usage: 'daily' };
    const cars = [
      car('suv', { bodyType: 'SUV' }),
      car('wagon', { bodyType: 'Wagon', make: 'Subaru' }),
      car('sedan', { bodyType: 'Sedan', make: 'Mazda' }),
      car('coupe7', { bodyType: 'Coupe', seats: 7, make: 'Honda' }),
      car('coupe', { bodyType: 'Coupe', make: 'Honda' }),
    ];
    const results = fallbackRecommendations(profile, cars);
    // SUV alone is 25: not above the bar.
    expect(results.map((r) => [r.car.id, r.matchScore])).toEqual([
      ['coupe7', 40],
      ['wagon', 35],
      ['sedan', 30],
    ]);
    expect(results.find((r) => r.car.id === 'sedan')?.reasons).toEqual([
      'Suits a large family',
      'Reliable for daily use',
    ]);
    expect(
      fallbackRecommendations({ familySize: 'small-family', usage: 'daily' }, [
        car('h', { bodyType: 'hatchback', make: 'Kia' }),
      ])[0],
    ).toMatchObject({ matchScore: 35, reasons: ['Suits a small family', 'Reliable for daily use'] });
    expect(
      fallbackRecommendations({ familySize: 'unknown', usage: 'daily' }, [
        car('x', { bodyType: 'SUV', make: 'Kia' }),
      ]),
    ).toEqual([]);
  });

  it('scores a long commute in a hybrid or electric car +20', () => {
    const profile = { commutingDistance: 'long', usage: 'daily' };
    const results = fallbackRecommendations(profile, [
      car('ev', { fuelType: 'Electric', make: 'Hyundai' }),
      car('petrol', { fuelType: 'Petrol', make: 'Hyundai' }),
    ]);
    expect(results.map((r) => [r.car.id, r.matchScore, r.reasons])).toEqual([
      ['ev', 35, ['Efficient for a long commute', 'Reliable for daily use']],
    ]);
  });

  it('scores eco fuel +25 or an economy hybrid +20', () => {
    const cars = [car('ev', { fuelType: 'Electric' }), car('hybrid', { fuelType: 'Hybrid' })];
    const eco = fallbackRecommendations({ fuelPreference: 'eco-friendly', budget: { max: 1 } }, cars);
    expect(eco).toEqual([]);
    const ecoDaily = fallbackRecommendations(
      { fuelPreference: 'eco-friendly', usage: 'daily' },
      cars.map((c) => ({ ...c, make: 'Toyota' })),
    );
    expect(ecoDaily.map((r) => [r.car.id, r.matchScore, r.reasons])).toEqual([
      ['ev', 40, ['Eco-friendly fuel', 'Reliable for daily use']],
      ['hybrid', 40, ['Eco-friendly fuel', 'Reliable for daily use']],
    ]);
    const economy = fallbackRecommendations({ fuelPreference: 'economy', commutingDistance: 'long' }, cars);
    expect(economy.map((r) => [r.car.id, r.matchScore, r.reasons])).toEqual([
      ['hybrid', 40, ['Efficient for a long commute', 'Economical hybrid']],
    ]);
  });

  it('caps at 100 and returns the top 8', () => {
    const ideal = car('ideal', { make: 'Toyota', fuelType: 'Hybrid', bodyType: 'SUV', price: 300_000 });
    const profile = {
      budget,
      familySize: 'large-family',
      commutingDistance: 'long',
      fuelPreference: 'eco-friendly',
      usage: 'daily',
    };
    const [first] = fallbackRecommendations(profile, [ideal]);
    expect(first?.matchScore).toBe(100);
    expect(first?.reasons).toHaveLength(5);
    const many = Array.from({ length: 9 }, (_, i) => car(`c${i}`, { price: 200_000 }));
    const results = fallbackRecommendations({ budget }, many);
    expect(results).toHaveLength(8);
    expect(results.at(-1)).toMatchObject({ matchRank: 8 });
  });
});
