import type { QueryReading } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import type { CandidateCar } from '../repositories/ai.repository.ts';
import { medianPrice, mileageBand, rankSearch } from './ai.service.ts';

describe('market price', () => {
  it('is the middle price, or the mean of the two middle ones', () => {
    expect(medianPrice([])).toBeNull();
    expect(medianPrice([300, 100, 200])).toBe(200);
    expect(medianPrice([100, 200, 300, 1_000])).toBe(250);
    expect(medianPrice([100, 101])).toBe(101);
  });

  it('compares cars within mileage bands', () => {
    expect(mileageBand(0).label).toBe('under 30,000 km');
    expect(mileageBand(29_999).max).toBe(30_000);
    expect(mileageBand(30_000).min).toBe(30_000);
    expect(mileageBand(149_999).max).toBe(150_000);
    expect(mileageBand(150_000).max).toBeNull();
    expect(mileageBand(900_000).label).toBe('over 150,000 km');
  });
});

const car = (overrides: Partial<CandidateCar>): CandidateCar => ({
  id: overrides.model ?? 'x',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  mileage: 50_000,
  price: 200_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'Sedan',
  condition: 'Used',
  color: null,
  exteriorColor: null,
  features: [],
  ...overrides,
});

const reading = (over: Partial<QueryReading>): QueryReading => ({
  filters: {},
  soft: [],
  unmatchedWords: [],
  ...over,
});

describe('search ranking', () => {
  it('keeps the given (newest first) order without preferences', () => {
    const cars = [car({ model: 'a' }), car({ model: 'b' })];
    expect(rankSearch(cars, reading({})).map((r) => r.car.model)).toEqual(['a', 'b']);
  });

  it('moves cars meeting soft preferences up and says why', () => {
    const cars = [
      car({ model: 'pricey', make: 'Fiat', price: 400_000 }),
      car({ model: 'cheap', make: 'Fiat', price: 100_000 }),
      car({ model: 'reliable', make: 'Honda', price: 400_000 }),
    ];
    const ranked = rankSearch(cars, reading({ soft: ['reliable', 'cheap'] }));
    expect(ranked.map((r) => r.car.model)).toEqual(['reliable', 'cheap', 'pricey']);
    expect(ranked[0]!.reasons).toEqual(['Reliable brand: Honda']);
    expect(ranked[1]!.reasons).toEqual(['Lower price than most matches']);
  });

  it('uses words it could not read to find features', () => {
    const cars = [car({ model: 'plain' }), car({ model: 'roof', features: ['Panoramic Roof'] })];
    const ranked = rankSearch(cars, reading({ filters: { make: 'Toyota' }, unmatchedWords: ['roof'] }));
    expect(ranked[0]!.car.model).toBe('roof');
    expect(ranked[0]!.reasons).toEqual(['Toyota as asked', 'Has Panoramic Roof']);
  });
});
