import { z } from 'zod';
import { COMMUTE_DISTANCES, FAMILY_SIZES, FUEL_PREFERENCES, PRIORITIES, USAGE_TYPES } from './lifestyle.ts';
import { CarSchema } from '../cars/index.ts';
import { TimestampSchema } from '../shared/index.ts';

export const FamilySizeSchema = z.enum(FAMILY_SIZES);
export const FuelPreferenceSchema = z.enum(FUEL_PREFERENCES);
export const UsageTypeSchema = z.enum(USAGE_TYPES);
export const CommuteDistanceSchema = z.enum(COMMUTE_DISTANCES);
export const PrioritySchema = z.enum(PRIORITIES);

/** Budgets are in the current country's currency; the refine keeps min <= max. */
export const BudgetRangeSchema = z
  .object({
    min: z.number('Budget minimum must be a number').nonnegative('Budget cannot be negative'),
    max: z.number('Budget maximum must be a number').nonnegative('Budget cannot be negative'),
  })
  .refine((b) => b.min <= b.max, { message: 'Budget minimum is above the maximum', path: ['min'] });
export type BudgetRange = z.infer<typeof BudgetRangeSchema>;

/** SPEC 3 lifestyle profile: the quiz's answers in the form the scoring reads. */
export const LifestyleProfileSchema = z.object({
  budget: BudgetRangeSchema,
  familySize: FamilySizeSchema,
  fuelPreference: FuelPreferenceSchema,
  usage: UsageTypeSchema,
  commutingDistance: CommuteDistanceSchema,
  priorities: z.array(PrioritySchema).max(PRIORITIES.length).optional(),
});
export type LifestyleProfile = z.infer<typeof LifestyleProfileSchema>;

/** SPEC 3: quiz answers always hold a budget, plus whichever other steps were answered so far. */
export const QuizAnswersSchema = LifestyleProfileSchema.partial().extend({ budget: BudgetRangeSchema });
export type QuizAnswers = z.infer<typeof QuizAnswersSchema>;

/**
 * API-CONTRACT: below / at / above. SPEC 3 also names the middle position 'fair'; it is accepted so that
 * client-side fallback insights validate too.
 */
export const MARKET_POSITIONS = ['below', 'at', 'fair', 'above'] as const;
export type MarketPosition = (typeof MARKET_POSITIONS)[number];
export const MarketPositionSchema = z.enum(MARKET_POSITIONS);

export const PricingInsightSchema = z.object({
  marketPosition: MarketPositionSchema,
  suggestion: z.string(),
  confidence: z.number().min(0).max(100),
  comparables: z.number().int().nonnegative(),
});
export type PricingInsight = z.infer<typeof PricingInsightSchema>;

/** Match scores are percentages; the fallback scoring caps its sums here. */
export const MAX_MATCH_SCORE = 100;

/** SPEC 3 match result (search, recommendations, favourites). */
export const MatchResultSchema = z.object({
  car: CarSchema,
  matchScore: z.number().min(0).max(MAX_MATCH_SCORE),
  matchRank: z.number().int().min(1).optional(),
  reasons: z.array(z.string()),
  lifestyleMatch: z.string().optional(),
  likedAt: TimestampSchema.optional(),
  pricingInsight: PricingInsightSchema.optional(),
});
export type MatchResult = z.infer<typeof MatchResultSchema>;
