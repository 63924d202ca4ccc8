import { ApiError, type ApiClient } from '@autoreel/api-client';
import {
  EnhanceDescriptionBodySchema,
  GenerateListingBodySchema,
  BUDGET_CLOSE_PERCENT,
  MAX_PAGE_LIMIT,
  fallbackRecommendations,
  fallbackSearch,
  inLilangeni,
  readCarSearch,
  withoutRemoved,
  type EnhancedDescription,
  type FilterKey,
  type GeneratedListing,
  type QuizAnswers,
  type ReadFilters,
  type RemovableReading,
  type RouteAnswer,
  type SoftPreference,
  type WizardAiListingRequest,
  type WizardCarPayload,
} from '@autoreel/core';
import type { BrowseCar } from '../cars/useBrowseCars.ts';
import { checkedBody } from '../platform/checked-body.ts';

/** A car the AI search or the quiz matched, with its score and reasons, as the contract answers it. */
export type CarMatchResult = RouteAnswer<'POST /ai/search-natural-language'>['cars'][number];

/** What a search found and how it was read, for the results and the chips. */
export interface SearchOutcome {
  query: string;
  results: CarMatchResult[];
  insights: string[];
  /** The filters the query was read as: one chip each. */
  filters: ReadFilters;
  /** The preferences the results are ranked by: one chip each too. */
  soft: SoftPreference[];
  /** The chips the buyer removed; every later search of the same words leaves them out. */
  removed: RemovableReading[];
  /** True when the AI call failed and the results come from the local scoring (SPEC 8, SPEC 9). */
  local: boolean;
  /** False when no car meets every filter: the results are the closest cars, without the `relaxed` filters. */
  exact: boolean;
  /** The filters let go to find near matches; their chips are marked. */
  relaxed: FilterKey[];
  /** How many cars match in all; `results` are the best few. */
  total: number;
}

export const LOCAL_SEARCH_INSIGHT =
  'Smart search is unavailable right now, so these are the closest matches scored on this device.';
export const LOCAL_RECOMMENDATION_NOTE =
  'Smart matching is unavailable right now, so these matches were scored on this device.';

/**
 * Bad input (400, 422) is the buyer's to fix and is shown as is. Anything else (network, timeout, rate limit,
 * server error) means the service failed, and the local scoring answers instead.
 */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 422);
}

/** The cars the local scoring ranks: one page of GET /cars (the largest the API serves), narrowed by `filters`. */
async function carsToScore(
  client: ApiClient,
  filters: ReadFilters,
  signal?: AbortSignal,
): Promise<BrowseCar[]> {
  // GET /cars has no colour or seats filter; the seats are checked here, the rest are named alike.
  const { color: _color, minSeats, ...query } = filters;
  const page = await client.get('/cars', {
    query: { ...query, sort: 'newest' as const, limit: MAX_PAGE_LIMIT },
    signal,
  });
  return minSeats === undefined ? page.cars : page.cars.filter((car) => (car.seats ?? 0) >= minSeats);
}

/**
 * POST /ai/search-natural-language; when it fails, SPEC 9's fallback search over GET /cars. `removed` are the
 * chips the buyer took away: sent with the same words, so the server reads them and drops those.
 */
export async function searchCars(
  client: ApiClient,
  query: string,
  removed: readonly RemovableReading[] = [],
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const reading = withoutRemoved(readCarSearch(query), removed);
  const base = { query, soft: reading.soft, removed: [...removed] };
  try {
    const answer = await client.post(
      '/ai/search-natural-language',
      removed.length ? { query, without: [...removed] } : { query },
      { signal },
    );
    return {
      ...base,
      soft: answer.soft ?? reading.soft,
      results: answer.cars,
      insights: answer.insights,
      filters: answer.filters,
      local: false,
      // A server from before near matches answered every search exactly.
      exact: answer.exact !== false,
      relaxed: answer.relaxed ?? [],
      total: answer.total ?? answer.cars.length,
    };
  } catch (error) {
    if (isRefusal(error) || signal?.aborted) throw error;
    const cars = await carsToScore(client, reading.filters, signal);
    const results = fallbackSearch(query, cars);
    return {
      ...base,
      results,
      insights: [LOCAL_SEARCH_INSIGHT],
      filters: reading.filters,
      local: true,
      exact: results.length > 0,
      relaxed: [],
      total: results.length,
    };
  }
}

export interface RecommendationOutcome {
  results: CarMatchResult[];
  reasoning: string;
  local: boolean;
  /** How many cars meet enough of the quiz; `results` are the best few. */
  total: number;
}

/**
 * POST /ai/recommendations with the quiz's answers and the currency its budget is in; when it fails, SPEC 9's
 * fallback recommendations, with the budget in lilangeni like the cars' prices.
 */
export async function recommendCars(
  client: ApiClient,
  answers: QuizAnswers,
  signal?: AbortSignal,
  currency?: string | null,
): Promise<RecommendationOutcome> {
  try {
    const body = currency ? { ...answers, currency } : answers;
    const answer = await client.post('/ai/recommendations', body, { signal });
    return {
      results: answer.cars,
      reasoning: answer.reasoning,
      local: false,
      total: answer.total ?? answer.cars.length,
    };
  } catch (error) {
    if (isRefusal(error) || signal?.aborted) throw error;
    const budget = {
      min: inLilangeni(answers.budget.min, currency),
      max: inLilangeni(answers.budget.max, currency),
    };
    // Nothing above 110% of the budget can score for it (SPEC 9 'close'), so the page holds only cars that can.
    const reach = budget.max > 0 ? { maxPrice: Math.floor((budget.max * BUDGET_CLOSE_PERCENT) / 100) } : {};
    const cars = await carsToScore(client, reach, signal);
    const results = fallbackRecommendations({ ...answers, budget }, cars);
    return { results, reasoning: LOCAL_RECOMMENDATION_NOTE, local: true, total: results.length };
  }
}

/** POST /ai/generate-listing: a description and suggested features from the car's specs (SPEC 7). */
export function generateListing(client: ApiClient, body: WizardAiListingRequest): Promise<GeneratedListing> {
  return client.post('/ai/generate-listing', checkedBody(GenerateListingBodySchema, body));
}

/** What the wizard knows of the car while the seller writes; the API checks each choice as it does for POST /cars. */
export interface EnhanceDescriptionRequest {
  description: string;
  carData: Partial<WizardCarPayload>;
}

/** POST /ai/enhance-description: the seller's own words, tidied, with the car as context. */
export function enhanceDescription(
  client: ApiClient,
  body: EnhanceDescriptionRequest,
): Promise<EnhancedDescription> {
  return client.post('/ai/enhance-description', checkedBody(EnhanceDescriptionBodySchema, body));
}
