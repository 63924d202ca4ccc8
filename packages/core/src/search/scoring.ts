/**
 * Client-side fallback scoring used when the AI service fails (SPEC 8 'Other', SPEC 9 'Fallback scoring').
 *
 * Search criteria fire when the query asks for them and the car has them:
 * - budget +30: the query states an amount ('under 300k', 'E450,000', '1.5m', 'budget 200000'; the largest amount
 *   wins, amounts followed by km or miles are mileages and ignored, bare 4-digit years are ignored) and the
 *   car's price is above 0 and within it;
 * - SUV +25: 'suv', '4x4', 'crossover' or 'off-road' and an SUV;
 * - sedan +25: 'sedan' or 'saloon' and a Sedan;
 * - reliable brand +20: 'reliable', 'dependable', 'durable' or 'low maintenance' and a make in RELIABLE_BRANDS;
 * - fuel efficient +20: 'efficient', 'economy', 'eco', 'green', 'hybrid', 'electric', 'EV', 'mpg' or
 *   'fuel saving' and a Hybrid or Electric car;
 * - family features +15: 'family', 'kids' or 'children' and a family-friendly car (SUV or Wagon body, 7 or more
 *   seats, or a third-row, 7-seat, ISOFIX or child feature);
 * - certified pre-owned +10: always when the car is Certified Pre-Owned; it is a quality signal worth surfacing
 *   in any search, and at 10 it can never keep a car on its own (the bar is above 20).
 */
import type { BodyType, FuelType } from '../cars/index.ts';
import { FAMILY_SIZES } from './lifestyle.ts';
import type { FamilySize } from './lifestyle.ts';
import { MAX_MATCH_SCORE } from './match-schema.ts';
import type { PricingInsight } from './match-schema.ts';
import { pricingInsight } from './pricing.ts';
import { hasPrice } from '../money/index.ts';

export interface ScorableCar {
  make?: string | null;
  model?: string | null;
  price?: number | null;
  fuelType?: string | null;
  bodyType?: string | null;
  condition?: string | null;
  features?: readonly (string | null | undefined)[] | null;
  seats?: number | null;
}

export interface ScoredMatch<C> {
  car: C;
  matchScore: number;
  matchRank: number;
  reasons: string[];
  pricingInsight?: PricingInsight;
}

export interface ScoringOptions<C> {
  /** The market price to compare with, when one is known locally; adds a pricing insight. */
  marketPriceOf?: (car: C) => number | null | undefined;
}

export const SEARCH_SCORES = {
  budget: 30,
  suv: 25,
  sedan: 25,
  reliableBrand: 20,
  fuelEfficient: 20,
  familyFeatures: 15,
  certifiedPreOwned: 10,
} as const;
/** Search keeps cars scoring above this. */
export const SEARCH_KEEP_ABOVE = 20;
export const SEARCH_RESULT_LIMIT = 6;

export const RECOMMENDATION_SCORES = {
  budgetFit: 35,
  budgetClose: 20,
  longCommute: 20,
  ecoFuel: 25,
  economyHybrid: 20,
  dailyReliable: 15,
} as const;
/** 'Close' to the budget: up to 110% of its maximum. */
export const BUDGET_CLOSE_PERCENT = 110;
/** Recommendations keep cars scoring above this. */
export const RECOMMENDATION_KEEP_ABOVE = 25;
export const RECOMMENDATION_LIMIT = 8;

/**
 * Makes that sit at the top of long-running owner reliability surveys year after year (Toyota and its Lexus
 * brand, Honda, Mazda, Subaru, and the Korean pair Hyundai and Kia). Compared case-insensitively.
 */
export const RELIABLE_BRANDS: readonly string[] = [
  'Toyota',
  'Lexus',
  'Honda',
  'Mazda',
  'Subaru',
  'Hyundai',
  'Kia',
];
export const EFFICIENT_FUEL_TYPES: readonly FuelType[] = ['Hybrid', 'Electric'];
export const FAMILY_BODY_TYPES: readonly BodyType[] = ['SUV', 'Wagon'];

/**
 * Family fit by body type, over the catalogue's body types: +25 for the best fit, +20 for a good one, +15 for
 * one that works. A large family also gets +25 from any car with 7 or more seats.
 */
export const FAMILY_FIT_SCORES: Readonly<
  Record<FamilySize, Readonly<Partial<Record<BodyType, 25 | 20 | 15>>>>
> = {
  'large-family': { SUV: 25, Wagon: 20, Sedan: 15 },
  'small-family': { SUV: 25, Sedan: 25, Wagon: 20, Hatchback: 20 },
  single: { Hatchback: 25, Coupe: 25, Sedan: 20, Convertible: 20, SUV: 15 },
};

const FAMILY_REASONS: Readonly<Record<FamilySize, string>> = {
  'large-family': 'Suits a large family',
  'small-family': 'Suits a small family',
  single: 'Suits a single driver',
};

export const SEARCH_REASONS = {
  budget: 'Within your budget',
  suv: 'SUV as requested',
  sedan: 'Sedan as requested',
  family: 'Family friendly',
  certified: 'Certified pre-owned',
} as const;

export const RECOMMENDATION_REASONS = {
  budgetFit: 'Fits your budget',
  budgetClose: 'Close to your budget',
  longCommute: 'Efficient for a long commute',
  ecoFuel: 'Eco-friendly fuel',
  economyHybrid: 'Economical hybrid',
  dailyReliable: 'Reliable for daily use',
} as const;

const SUV_WORDS = /\b(suvs?|4x4|crossovers?|off[- ]?road)\b/;
const SEDAN_WORDS = /\b(sedans?|saloons?)\b/;
const RELIABLE_WORDS = /\b(reliab\w*|dependab\w*|durab\w*|low[- ]maintenance)\b/;
const EFFICIENT_WORDS =
  /\b(fuel[- ]efficient|efficien\w*|econom\w*|eco(?:[- ]friendly)?|green|hybrids?|electric|evs?|mpg|fuel[- ]saving)\b/;
const FAMILY_WORDS = /\b(family|families|kids|children)\b/;
const FAMILY_FEATURES = /(third|3rd)[- ]row|(7|seven)[- ]seat|isofix|child/i;
const AMOUNT =
  /(\d[\d,]*(?:\.\d+)?)\s*(k|m|mil|million|thousand)?\b(?!\s*(?:km|kms|kilomet\w*|miles?|mi)\b)/gi;

/** Every suffix the amount pattern admits, lower-cased. */
const MULTIPLIERS = {
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mil: 1_000_000,
  million: 1_000_000,
} as const;

function lower(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

function inList(value: string | null | undefined, list: readonly string[]): boolean {
  const needle = lower(value);
  return needle !== '' && list.some((item) => item.toLowerCase() === needle);
}

/**
 * The budget a query states, or null. Bare numbers below 1,000 (seats, doors) and 4-digit years from 1900 to
 * 2100 are not amounts unless they carry a k or m suffix.
 */
export function parseBudget(query: string): number | null {
  let budget: number | null = null;
  for (const match of query.matchAll(AMOUNT)) {
    const suffix = match[2];
    // The first group always matches and admits only digits, commas and one decimal part, so it parses.
    const base = Number(String(match[1]).replace(/,/g, ''));
    let amount = base;
    if (suffix) amount = base * MULTIPLIERS[suffix.toLowerCase() as keyof typeof MULTIPLIERS];
    else if (base < 1000 || (Number.isInteger(base) && base >= 1900 && base <= 2100)) continue;
    budget = budget === null ? amount : Math.max(budget, amount);
  }
  return budget;
}

export function isReliableBrand(make: string | null | undefined): boolean {
  return inList(make, RELIABLE_BRANDS);
}

export function isEfficientFuel(fuelType: string | null | undefined): boolean {
  return inList(fuelType, EFFICIENT_FUEL_TYPES);
}

export function isFamilyFriendly(car: ScorableCar): boolean {
  if (inList(car.bodyType, FAMILY_BODY_TYPES)) return true;
  if (typeof car.seats === 'number' && car.seats >= 7) return true;
  return (car.features ?? []).some((feature) => FAMILY_FEATURES.test(feature ?? ''));
}

interface Scored {
  score: number;
  reasons: string[];
}

function scoreSearch(car: ScorableCar, q: string, budget: number | null): Scored {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  if (budget !== null && hasPrice(car.price) && car.price <= budget)
    add(SEARCH_SCORES.budget, SEARCH_REASONS.budget);
  if (SUV_WORDS.test(q) && lower(car.bodyType) === 'suv') add(SEARCH_SCORES.suv, SEARCH_REASONS.suv);
  if (SEDAN_WORDS.test(q) && lower(car.bodyType) === 'sedan') add(SEARCH_SCORES.sedan, SEARCH_REASONS.sedan);
  if (RELIABLE_WORDS.test(q) && isReliableBrand(car.make)) {
    add(SEARCH_SCORES.reliableBrand, `Reliable brand: ${String(car.make).trim()}`);
  }
  if (EFFICIENT_WORDS.test(q) && isEfficientFuel(car.fuelType)) {
    add(SEARCH_SCORES.fuelEfficient, `Fuel efficient ${lower(car.fuelType)}`);
  }
  if (FAMILY_WORDS.test(q) && isFamilyFriendly(car)) add(SEARCH_SCORES.familyFeatures, SEARCH_REASONS.family);
  if (lower(car.condition) === 'certified pre-owned') {
    add(SEARCH_SCORES.certifiedPreOwned, SEARCH_REASONS.certified);
  }
  return { score, reasons };
}

/** Highest score first; equal scores keep the input order. Ranks start at 1. */
function rank<C extends ScorableCar>(
  cars: readonly C[],
  score: (car: C) => Scored,
  keepAbove: number,
  limit: number,
  options: ScoringOptions<C> | undefined,
): ScoredMatch<C>[] {
  return cars
    .map((car) => ({ car, ...score(car) }))
    .filter((entry) => entry.score > keepAbove)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry, index) => {
      const result: ScoredMatch<C> = {
        car: entry.car,
        matchScore: Math.min(entry.score, MAX_MATCH_SCORE),
        matchRank: index + 1,
        reasons: entry.reasons,
      };
      const insight = options?.marketPriceOf
        ? pricingInsight(entry.car.price, options.marketPriceOf(entry.car))
        : null;
      if (insight) result.pricingInsight = insight;
      return result;
    });
}

/** Local natural-language search: kept above 20, capped at 100, top 6. A blank query finds nothing. */
export function fallbackSearch<C extends ScorableCar>(
  query: string,
  cars: readonly C[],
  options?: ScoringOptions<C>,
): ScoredMatch<C>[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const budget = parseBudget(q);
  return rank(cars, (car) => scoreSearch(car, q, budget), SEARCH_KEEP_ABOVE, SEARCH_RESULT_LIMIT, options);
}

export interface ScoringProfile {
  budget?: { min?: number | null; max?: number | null } | null;
  familySize?: string | null;
  fuelPreference?: string | null;
  usage?: string | null;
  commutingDistance?: string | null;
  priorities?: readonly string[] | null;
}

function isFamilySize(value: string | null | undefined): value is FamilySize {
  return (FAMILY_SIZES as readonly (string | null | undefined)[]).includes(value);
}

function familyFit(car: ScorableCar, familySize: FamilySize): number {
  if (familySize === 'large-family' && typeof car.seats === 'number' && car.seats >= 7) return 25;
  const body = lower(car.bodyType);
  const fits = Object.entries(FAMILY_FIT_SCORES[familySize]);
  return fits.find(([type]) => type.toLowerCase() === body)?.[1] ?? 0;
}

/**
 * Budget fit counts a price inside [min, max] (min defaults to 0): a price under the minimum is outside the
 * band the buyer chose. Close means above max but at most 110% of it.
 */
function scoreRecommendation(car: ScorableCar, profile: ScoringProfile): Scored {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  const max = profile.budget?.max;
  const min = profile.budget?.min ?? 0;
  if (hasPrice(max) && hasPrice(car.price)) {
    if (car.price >= min && car.price <= max)
      add(RECOMMENDATION_SCORES.budgetFit, RECOMMENDATION_REASONS.budgetFit);
    else if (car.price > max && car.price * 100 <= max * BUDGET_CLOSE_PERCENT) {
      add(RECOMMENDATION_SCORES.budgetClose, RECOMMENDATION_REASONS.budgetClose);
    }
  }
  if (isFamilySize(profile.familySize)) {
    const family = familyFit(car, profile.familySize);
    if (family > 0) add(family, FAMILY_REASONS[profile.familySize]);
  }
  const efficient = isEfficientFuel(car.fuelType);
  if (profile.commutingDistance === 'long' && efficient) {
    add(RECOMMENDATION_SCORES.longCommute, RECOMMENDATION_REASONS.longCommute);
  }
  if (profile.fuelPreference === 'eco-friendly' && efficient) {
    add(RECOMMENDATION_SCORES.ecoFuel, RECOMMENDATION_REASONS.ecoFuel);
  } else if (profile.fuelPreference === 'economy' && lower(car.fuelType) === 'hybrid') {
    add(RECOMMENDATION_SCORES.economyHybrid, RECOMMENDATION_REASONS.economyHybrid);
  }
  if (profile.usage === 'daily' && isReliableBrand(car.make)) {
    add(RECOMMENDATION_SCORES.dailyReliable, RECOMMENDATION_REASONS.dailyReliable);
  }
  return { score, reasons };
}

/**
 * Local lifestyle recommendations: kept above 25, top 8. Scores are capped at 100 like search, since every
 * criterion together can reach 120 and the card shows a percentage.
 */
export function fallbackRecommendations<C extends ScorableCar>(
  profile: ScoringProfile,
  cars: readonly C[],
  options?: ScoringOptions<C>,
): ScoredMatch<C>[] {
  return rank(
    cars,
    (car) => scoreRecommendation(car, profile),
    RECOMMENDATION_KEEP_ABOVE,
    RECOMMENDATION_LIMIT,
    options,
  );
}
