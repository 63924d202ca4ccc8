import { describe, expect, it } from 'vitest';
import {
  BudgetRangeSchema,
  LifestyleProfileSchema,
  MatchResultSchema,
  PricingInsightSchema,
  QuizAnswersSchema,
} from './match-schema.ts';

const profile = {
  budget: { min: 0, max: 2_000_000 },
  familySize: 'small-family',
  fuelPreference: 'eco-friendly',
  usage: 'daily',
  commutingDistance: 'long',
  priorities: ['safety', 'reliability'],
} as const;

const car = {
  id: 'c1',
  _id: 'c1',
  make: 'Toyota',
  model: 'Corolla Cross',
  year: 2023,
  mileage: 12000,
  fuelType: 'Hybrid',
  transmission: 'Automatic',
  bodyType: 'SUV',
  condition: 'Used',
  features: [],
  description: 'Hybrid SUV in great shape.',
  images: [],
  videos: [],
  status: 'active',
  sellerType: 'dealer',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;

describe('BudgetRangeSchema', () => {
  it('keeps min <= max', () => {
    expect(BudgetRangeSchema.parse({ min: 460_000, max: 920_000 })).toEqual({ min: 460_000, max: 920_000 });
    expect(BudgetRangeSchema.safeParse({ min: 5, max: 5 }).success).toBe(true);
    const inverted = BudgetRangeSchema.safeParse({ min: 6, max: 5 });
    expect(inverted.error?.issues[0]).toMatchObject({
      path: ['min'],
      message: 'Budget minimum is above the maximum',
    });
    expect(BudgetRangeSchema.safeParse({ min: -1, max: 5 }).success).toBe(false);
  });
});

describe('LifestyleProfileSchema', () => {
  it('accepts the values the SPEC 9 scoring keys on', () => {
    expect(LifestyleProfileSchema.parse(profile)).toEqual(profile);
  });

  it('makes priorities optional and refuses unknown values', () => {
    const { priorities: _p, ...withoutPriorities } = profile;
    expect(LifestyleProfileSchema.safeParse(withoutPriorities).success).toBe(true);
    expect(LifestyleProfileSchema.safeParse({ ...profile, familySize: 'couple' }).success).toBe(false);
    expect(LifestyleProfileSchema.safeParse({ ...profile, priorities: ['speed'] }).success).toBe(false);
  });
});

describe('QuizAnswersSchema', () => {
  it('needs a budget and takes any answered steps', () => {
    expect(QuizAnswersSchema.parse({ budget: { min: 0, max: 100000 } })).toEqual({
      budget: { min: 0, max: 100000 },
    });
    expect(QuizAnswersSchema.parse({ budget: { min: 0, max: 1 }, usage: 'weekend' }).usage).toBe('weekend');
    expect(QuizAnswersSchema.safeParse({ usage: 'daily' }).success).toBe(false);
  });
});

describe('MatchResultSchema', () => {
  const insight = {
    marketPosition: 'below',
    suggestion: 'Priced below market',
    confidence: 85,
    comparables: 4,
  };

  it('accepts a scored car with a pricing insight', () => {
    const match = { car, matchScore: 90, matchRank: 1, reasons: ['Within budget'], pricingInsight: insight };
    expect(MatchResultSchema.parse(match)).toEqual(match);
  });

  it('bounds the score at 0..100', () => {
    expect(MatchResultSchema.safeParse({ car, matchScore: 100, reasons: [] }).success).toBe(true);
    expect(MatchResultSchema.safeParse({ car, matchScore: 101, reasons: [] }).success).toBe(false);
    expect(MatchResultSchema.safeParse({ car, matchScore: -1, reasons: [] }).success).toBe(false);
  });

  it.each(['below', 'at', 'fair', 'above'])('accepts market position %s', (marketPosition) => {
    expect(PricingInsightSchema.safeParse({ ...insight, marketPosition }).success).toBe(true);
  });

  it('refuses an unknown market position', () => {
    expect(PricingInsightSchema.safeParse({ ...insight, marketPosition: 'cheap' }).success).toBe(false);
  });
});
