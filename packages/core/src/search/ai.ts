import { z } from 'zod';
import { NEW_CAR_DEFAULTS } from '../cars/index.ts';
import { DEFAULT_GENERATE_COLOUR } from '../cars/index.ts';
import { BUYER_CURRENCY_CODES } from './preferences.ts';
import {
  BodyTypeSchema,
  CarSchema,
  ConditionSchema,
  FuelTypeSchema,
  MileageSchema,
  TransmissionSchema,
  YearSchema,
} from '../cars/index.ts';
import { SOFT_PREFERENCES } from './nl-search/vocabulary.ts';
import { REMOVABLE_READINGS } from './nl-search/without-removed.ts';
import { IdSchema, blankToUndefined, requiredText } from '../shared/index.ts';
import {
  BudgetRangeSchema,
  CommuteDistanceSchema,
  FamilySizeSchema,
  FuelPreferenceSchema,
  MatchResultSchema,
  PricingInsightSchema,
  PrioritySchema,
  UsageTypeSchema,
} from './match-schema.ts';

export const AI_QUERY_MAX_LENGTH = 500;

/** SPEC 5: search and AI inputs must be non-empty after trimming. */
export const NaturalLanguageSearchBodySchema = z.object({
  query: requiredText('Search query', AI_QUERY_MAX_LENGTH),
  /** Chips the buyer removed: filters and preferences dropped from the reading of the same words. */
  without: z.array(z.enum(REMOVABLE_READINGS)).max(REMOVABLE_READINGS.length).optional(),
});
export type NaturalLanguageSearchBody = z.infer<typeof NaturalLanguageSearchBodySchema>;

/** The structured filters a query was read as, so the page can show them as editable chips. */
export const SearchFiltersSchema = z.object({
  make: z.string().optional(),
  model: z.string().optional(),
  bodyType: BodyTypeSchema.optional(),
  fuelType: FuelTypeSchema.optional(),
  transmission: TransmissionSchema.optional(),
  condition: ConditionSchema.optional(),
  minPrice: z.number().nonnegative().optional(),
  maxPrice: z.number().nonnegative().optional(),
  minYear: z.number().int().optional(),
  maxYear: z.number().int().optional(),
  maxMileage: z.number().nonnegative().optional(),
  minSeats: z.number().int().positive().optional(),
  color: z.string().optional(),
  search: z.string().optional(),
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

/** API-CONTRACT: `data: {cars, insights, filters}`. */
export const NaturalLanguageSearchResultSchema = z.object({
  cars: z.array(MatchResultSchema),
  insights: z.array(z.string()),
  filters: SearchFiltersSchema,
  /** The preferences the results are ranked by ('cheap', 'small', ...), shown as chips beside the filters. */
  soft: z.array(z.enum(SOFT_PREFERENCES)).optional(),
});
export type NaturalLanguageSearchResult = z.infer<typeof NaturalLanguageSearchResultSchema>;

/** SPEC 7 generate-listing; make, model and year are what SPEC 5 requires before generating. */
export const GenerateListingBodySchema = z.object({
  make: requiredText('Make', 50),
  model: requiredText('Model', 80),
  year: YearSchema,
  mileage: MileageSchema.optional(),
  condition: ConditionSchema.default(NEW_CAR_DEFAULTS.condition),
  color: z.preprocess(blankToUndefined, z.string().trim().max(50).default(DEFAULT_GENERATE_COLOUR)),
  fuelType: FuelTypeSchema.default(NEW_CAR_DEFAULTS.fuelType),
  transmission: TransmissionSchema.default(NEW_CAR_DEFAULTS.transmission),
  bodyType: BodyTypeSchema.default(NEW_CAR_DEFAULTS.bodyType),
});
export type GenerateListingBody = z.infer<typeof GenerateListingBodySchema>;
export type GenerateListingBodyInput = z.input<typeof GenerateListingBodySchema>;

export const GeneratedListingSchema = z.object({
  description: z.string(),
  features: z.array(z.string()),
});
export type GeneratedListing = z.infer<typeof GeneratedListingSchema>;

/** Car context for enhancing a description; every field is optional because drafts are incomplete. */
export const EnhanceCarDataSchema = z.object({
  make: z.string().trim().max(50).optional(),
  model: z.string().trim().max(80).optional(),
  year: z.number().int().optional(),
  mileage: z.number().nonnegative().optional(),
  condition: ConditionSchema.optional(),
  color: z.string().trim().max(50).optional(),
  fuelType: FuelTypeSchema.optional(),
  transmission: TransmissionSchema.optional(),
  bodyType: BodyTypeSchema.optional(),
  features: z.array(z.string().trim().max(100)).max(50).optional(),
});
export type EnhanceCarData = z.infer<typeof EnhanceCarDataSchema>;

export const EnhanceDescriptionBodySchema = z.object({
  description: requiredText('Description', 5000),
  carData: EnhanceCarDataSchema.default({}),
});
export type EnhanceDescriptionBody = z.infer<typeof EnhanceDescriptionBodySchema>;

export const EnhancedDescriptionSchema = z.object({ description: z.string() });
export type EnhancedDescription = z.infer<typeof EnhancedDescriptionSchema>;

/** SPEC 7 recommendations: budget and the optional car preferences, plus any lifestyle answers. */
export const RecommendationsBodySchema = z.object({
  budget: BudgetRangeSchema,
  bodyType: z.preprocess(blankToUndefined, BodyTypeSchema.optional()),
  fuelType: z.preprocess(blankToUndefined, FuelTypeSchema.optional()),
  usage: z.preprocess(blankToUndefined, UsageTypeSchema.optional()),
  familySize: z.preprocess(blankToUndefined, FamilySizeSchema.optional()),
  fuelPreference: z.preprocess(blankToUndefined, FuelPreferenceSchema.optional()),
  commutingDistance: z.preprocess(blankToUndefined, CommuteDistanceSchema.optional()),
  priorities: z.array(PrioritySchema).max(20).optional(),
  /**
   * The ISO code (any case) of the currency the budget is in, the buyer's: the reasons and summary speak it too.
   * Only currencies with a rate, which can be compared and shown; lilangeni when left out.
   */
  currency: z.preprocess(
    (value) =>
      typeof value === 'string' ? value.trim().toUpperCase() || undefined : blankToUndefined(value),
    z.enum(BUYER_CURRENCY_CODES, `Currency must be one of ${BUYER_CURRENCY_CODES.join(', ')}`).optional(),
  ),
});
export type RecommendationsBody = z.infer<typeof RecommendationsBodySchema>;

export const RecommendationsResultSchema = z.object({
  cars: z.array(MatchResultSchema),
  reasoning: z.string(),
});
export type RecommendationsResult = z.infer<typeof RecommendationsResultSchema>;

export const PricingInsightsBodySchema = z.object({ carId: IdSchema });
export type PricingInsightsBody = z.infer<typeof PricingInsightsBodySchema>;

export const PricingComparableSchema = CarSchema.pick({
  id: true,
  _id: true,
  make: true,
  model: true,
  year: true,
  mileage: true,
  price: true,
});
export type PricingComparable = z.infer<typeof PricingComparableSchema>;

/**
 * API-CONTRACT: `marketPosition` is null, with an insight saying why, when fewer than 3 comparable cars
 * exist.
 */
export const PricingInsightsResultSchema = z.object({
  marketPrice: z.number().nonnegative().nullable(),
  insights: z.array(z.string()),
  comparison: z.array(PricingComparableSchema),
  marketPosition: PricingInsightSchema.shape.marketPosition.nullable(),
  comparables: z.number().int().nonnegative(),
});
export type PricingInsightsResult = z.infer<typeof PricingInsightsResultSchema>;
