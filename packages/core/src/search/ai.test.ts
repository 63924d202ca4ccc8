import { describe, expect, it } from 'vitest';
import {
  EnhanceDescriptionBodySchema,
  EnhancedDescriptionSchema,
  GenerateListingBodySchema,
  GeneratedListingSchema,
  NaturalLanguageSearchBodySchema,
  NaturalLanguageSearchResultSchema,
  PricingInsightsBodySchema,
  PricingInsightsResultSchema,
  RecommendationsBodySchema,
  RecommendationsResultSchema,
} from './ai.ts';

describe('NaturalLanguageSearchBodySchema', () => {
  it('trims the query and refuses blank ones', () => {
    expect(NaturalLanguageSearchBodySchema.parse({ query: '  family SUV under 500k ' })).toEqual({
      query: 'family SUV under 500k',
    });
    expect(NaturalLanguageSearchBodySchema.safeParse({ query: '   ' }).error?.issues[0]?.message).toBe(
      'Search query is required',
    );
    expect(NaturalLanguageSearchBodySchema.safeParse({ query: 'x'.repeat(501) }).success).toBe(false);
  });

  it('answers cars, insights and the filters the query was read as', () => {
    const result = {
      cars: [],
      insights: ['Looking for SUVs'],
      filters: { bodyType: 'SUV', maxPrice: 500000 },
    };
    expect(NaturalLanguageSearchResultSchema.parse(result)).toEqual(result);
    expect(
      NaturalLanguageSearchResultSchema.safeParse({ ...result, filters: { bodyType: 'Bus' } }).success,
    ).toBe(false);
  });
});

describe('GenerateListingBodySchema', () => {
  it('needs make, model and year and fills the rest with defaults', () => {
    expect(GenerateListingBodySchema.parse({ make: 'BMW', model: 'X5', year: 2021 })).toEqual({
      make: 'BMW',
      model: 'X5',
      year: 2021,
      condition: 'Used',
      color: 'Black',
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
    });
    expect(GenerateListingBodySchema.parse({ make: 'BMW', model: 'X5', year: 2021, color: '' }).color).toBe(
      'Black',
    );
  });

  it('keeps given values', () => {
    const parsed = GenerateListingBodySchema.parse({
      make: 'BMW',
      model: 'X5',
      year: 2021,
      mileage: 30000,
      color: 'White',
      bodyType: 'SUV',
      fuelType: 'Diesel',
    });
    expect(parsed).toMatchObject({ mileage: 30000, color: 'White', bodyType: 'SUV', fuelType: 'Diesel' });
  });

  it('refuses missing information', () => {
    expect(GenerateListingBodySchema.safeParse({ make: 'BMW', model: 'X5' }).success).toBe(false);
    expect(GenerateListingBodySchema.safeParse({ make: '', model: 'X5', year: 2021 }).success).toBe(false);
    expect(GenerateListingBodySchema.safeParse({ make: 'BMW', model: 'X5', year: 1899 }).success).toBe(false);
    expect(
      GenerateListingBodySchema.safeParse({ make: 'BMW', model: 'X5', year: 2021, mileage: -5 }).success,
    ).toBe(false);
  });

  it('answers a description and features', () => {
    expect(GeneratedListingSchema.parse({ description: 'd', features: ['f'] })).toEqual({
      description: 'd',
      features: ['f'],
    });
  });
});

describe('EnhanceDescriptionBodySchema', () => {
  it('takes a description and optional car data', () => {
    expect(EnhanceDescriptionBodySchema.parse({ description: ' Nice car ' })).toEqual({
      description: 'Nice car',
      carData: {},
    });
    expect(
      EnhanceDescriptionBodySchema.parse({ description: 'Nice', carData: { make: 'Audi', year: 2020 } })
        .carData,
    ).toEqual({ make: 'Audi', year: 2020 });
    expect(EnhanceDescriptionBodySchema.safeParse({ description: '' }).success).toBe(false);
    expect(
      EnhanceDescriptionBodySchema.safeParse({ description: 'x', carData: { fuelType: 'Coal' } }).success,
    ).toBe(false);
    expect(EnhancedDescriptionSchema.parse({ description: 'Better' })).toEqual({ description: 'Better' });
  });
});

describe('RecommendationsBodySchema', () => {
  it('needs a budget and takes optional preferences', () => {
    expect(RecommendationsBodySchema.parse({ budget: { min: 0, max: 2_000_000 } })).toMatchObject({
      budget: { min: 0, max: 2_000_000 },
    });
    const full = RecommendationsBodySchema.parse({
      budget: { min: 460_000, max: 920_000 },
      bodyType: 'SUV',
      fuelType: 'Hybrid',
      usage: 'daily',
      familySize: 'large-family',
      fuelPreference: 'economy',
      commutingDistance: 'long',
      priorities: ['safety'],
    });
    expect(full).toMatchObject({ bodyType: 'SUV', familySize: 'large-family', commutingDistance: 'long' });
  });

  it('treats blank preferences as absent', () => {
    expect(
      RecommendationsBodySchema.parse({ budget: { min: 0, max: 1 }, bodyType: '', usage: '' }),
    ).toMatchObject({
      bodyType: undefined,
      usage: undefined,
    });
  });

  it('takes the currency of a budget as a known code in any case, and leaves it out when blank', () => {
    const budget = { min: 0, max: 28_000 };
    expect(RecommendationsBodySchema.parse({ budget, currency: ' usd ' }).currency).toBe('USD');
    expect(RecommendationsBodySchema.parse({ budget, currency: '' }).currency).toBeUndefined();
    expect(RecommendationsBodySchema.parse({ budget, currency: null }).currency).toBeUndefined();
    for (const currency of ['JPY', 'dollars', 42]) {
      expect(RecommendationsBodySchema.safeParse({ budget, currency }).success).toBe(false);
    }
  });

  it('refuses a missing or inverted budget and unknown values', () => {
    expect(RecommendationsBodySchema.safeParse({}).success).toBe(false);
    expect(RecommendationsBodySchema.safeParse({ budget: { min: 10, max: 1 } }).success).toBe(false);
    expect(RecommendationsBodySchema.safeParse({ budget: { min: 0, max: 1 }, usage: 'racing' }).success).toBe(
      false,
    );
    expect(RecommendationsResultSchema.parse({ cars: [], reasoning: 'r' })).toEqual({
      cars: [],
      reasoning: 'r',
    });
  });
});

describe('pricing insights', () => {
  it('takes a car id', () => {
    expect(PricingInsightsBodySchema.parse({ carId: ' c1 ' })).toEqual({ carId: 'c1' });
    expect(PricingInsightsBodySchema.safeParse({ carId: '' }).success).toBe(false);
  });

  it('answers a position, or null with too few comparables', () => {
    const comparable = {
      id: 'c2',
      _id: 'c2',
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      mileage: 50000,
      price: 420000,
    };
    const result = {
      marketPrice: 430000,
      insights: ['Priced at market'],
      comparison: [comparable],
      marketPosition: 'at',
      comparables: 3,
    };
    expect(PricingInsightsResultSchema.parse(result)).toEqual(result);
    const thin = {
      marketPrice: null,
      insights: ['Too few comparable cars'],
      comparison: [],
      marketPosition: null,
      comparables: 1,
    };
    expect(PricingInsightsResultSchema.parse(thin)).toEqual(thin);
  });
});
