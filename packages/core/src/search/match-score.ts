/**
 * The match score every result shows (search, recommendations): the share of what the buyer asked for that the
 * car meets, 0 to 100. Each thing asked is a criterion with a weight; the car earns all of a criterion it meets,
 * part of one it nearly meets (a price just over budget, a hybrid when asked for fuel economy) and none of one it
 * misses. Reasons are the car's own facts behind its best criteria: its price against the budget, how it does on
 * fuel, its seats. The SPEC 9 point sums in scoring.ts stay the device's fallback when the server is unreachable.
 */
import type { BodyType, FuelType } from '../cars/index.ts';
import type { QueryReading, ReadFilters } from './nl-search/query-reader.ts';
import type { SoftPreference } from './nl-search/vocabulary.ts';
import type { ScoringProfile } from './scoring.ts';
import { isFamilyFriendly, isReliableBrand, type ScorableCar, type ScoredMatch } from './scoring.ts';
import { buyerMoney } from './buyer-money.ts';
import { formatAmount, hasPrice } from '../money/index.ts';
import { MAX_MATCH_SCORE } from './match-schema.ts';
import type { PricingInsight } from './match-schema.ts';
import {
  marketInsight,
  qualityFactors,
  RANK_WEIGHTS,
  type CarMarket,
  type QualityCar,
} from './car-quality.ts';

export interface MatchableCar extends ScorableCar, QualityCar {
  year?: number | null;
  mileage?: number | null;
  transmission?: string | null;
  exteriorColor?: string | null;
  color?: string | null;
}

/** What was asked: hard filters, soft preferences, and words that may name a feature ('sunroof'). */
export interface MatchRequest {
  filters: ReadFilters;
  soft: readonly SoftPreference[];
  words?: readonly string[];
}

/** The spread of the cars compared, for preferences that are relative ('cheap', 'recent'). */
export interface MatchContext {
  currencySymbol: string;
  /** Lilangeni per unit of the currency reasons speak: prices stay in lilangeni, only the text converts. */
  lilangeniPerUnit?: number;
  prices: { low: number; high: number } | null;
  years: { low: number; high: number } | null;
  /** The year ages are counted to; this year when left out. */
  currentYear?: number;
}

export const MATCH_WEIGHTS = {
  /** Each hard filter: make, model, body, fuel, gearbox, condition, colour, years, mileage. */
  filter: 10,
  budget: 25,
  seats: 20,
  preference: 15,
  word: 5,
} as const;

/** A price up to 10% over the budget still earns part of the budget criterion, falling to none at 110%. */
export const OVER_BUDGET_REACH = 0.1;

/** Makes sold as premium in this market. Compared case-insensitively. */
export const LUXURY_MAKES: readonly string[] = [
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Porsche',
  'Range Rover',
  'Land Rover',
  'Lexus',
  'Jaguar',
  'Volvo',
  'Cadillac',
  'Tesla',
];

interface Criterion {
  weight: number;
  /** 0 to 1. */
  met: number;
  reason?: string | null;
  /** Lower reasons come first: the car's own facts before the filters every result shares. */
  order: number;
}

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const same = (a: string | null | undefined, b: string | null | undefined) => lower(a) === lower(b);
const bodyWord = (car: MatchableCar) =>
  lower(car.bodyType) === 'truck' ? 'bakkie' : car.bodyType === 'SUV' ? 'SUV' : lower(car.bodyType) || 'car';

export function matchContext(
  cars: readonly MatchableCar[],
  currencySymbol = 'E',
  lilangeniPerUnit = 1,
  currentYear?: number,
): MatchContext {
  const prices = cars.map((car) => car.price).filter(hasPrice);
  const years = cars.map((car) => car.year).filter((year): year is number => typeof year === 'number');
  return {
    currencySymbol,
    lilangeniPerUnit,
    prices: prices.length ? { low: Math.min(...prices), high: Math.max(...prices) } : null,
    years: years.length ? { low: Math.min(...years), high: Math.max(...years) } : null,
    ...(currentYear === undefined ? {} : { currentYear }),
  };
}

/** Where a value sits between the spread's low (0) and high (1); 1 when all are equal. */
function position(value: number, spread: { low: number; high: number } | null): number {
  if (!spread || spread.high === spread.low) return 1;
  return Math.min(1, Math.max(0, (value - spread.low) / (spread.high - spread.low)));
}

/**
 * How the car does on fuel, from its fuel and body (listings carry no consumption figure): electric and hybrid
 * first, then small cars and diesels, then large petrol bodies.
 */
export function fuelEconomy(car: MatchableCar): { rating: number; reason: string } {
  const fuel = lower(car.fuelType);
  const body = lower(car.bodyType);
  if (fuel === 'electric') return { rating: 1, reason: 'Electric: no fuel to buy' };
  if (fuel === 'hybrid') return { rating: 0.9, reason: `Hybrid ${bodyWord(car)}: very low fuel use` };
  if (body === 'hatchback') return { rating: 0.75, reason: `Small ${fuel} hatchback: light on fuel` };
  if (fuel === 'diesel') return { rating: 0.6, reason: `Diesel ${bodyWord(car)}: frugal on the open road` };
  if (body === 'sedan') return { rating: 0.5, reason: 'Petrol sedan: average fuel use' };
  return { rating: 0.3, reason: `Petrol ${bodyWord(car)}: heavier on fuel` };
}

function money(context: MatchContext, amount: number): string {
  return buyerMoney(amount, {
    symbol: context.currencySymbol,
    lilangeniPerUnit: context.lilangeniPerUnit ?? 1,
  });
}

function budgetCriterion(car: MatchableCar, filters: ReadFilters, context: MatchContext): Criterion | null {
  const { minPrice, maxPrice } = filters;
  if (minPrice === undefined && maxPrice === undefined) return null;
  const weight = MATCH_WEIGHTS.budget;
  if (!hasPrice(car.price)) return { weight, met: 0.3, reason: 'Price on request', order: 0 };
  const price = car.price;
  if (minPrice !== undefined && price < minPrice) return { weight, met: 0, order: 0 };
  if (maxPrice === undefined) return { weight, met: 1, reason: `${money(context, price)}`, order: 0 };
  if (price <= maxPrice) {
    const under = maxPrice - price;
    const reason =
      under >= maxPrice * 0.01
        ? `${money(context, price)}: ${money(context, under)} under your ${money(context, maxPrice)} budget`
        : `${money(context, price)}: right at your ${money(context, maxPrice)} budget`;
    return { weight, met: 1, reason, order: 0 };
  }
  const over = price - maxPrice;
  const met = Math.max(0, 0.5 * (1 - over / (maxPrice * OVER_BUDGET_REACH)));
  return {
    weight,
    met,
    reason: met > 0 ? `${money(context, price)}: ${money(context, over)} over your budget` : null,
    order: 0,
  };
}

function seatsCriterion(car: MatchableCar, minSeats: number | undefined): Criterion | null {
  if (minSeats === undefined) return null;
  const weight = MATCH_WEIGHTS.seats;
  if (typeof car.seats !== 'number') return { weight, met: 0.5, order: 1 };
  if (car.seats < minSeats) return { weight, met: 0, order: 1 };
  return { weight, met: 1, reason: `${car.seats} seats (you need ${minSeats})`, order: 1 };
}

/** The hard filters, each met or not; their reasons are the same on every result, so they come last. */
function filterCriteria(car: MatchableCar, filters: ReadFilters): Criterion[] {
  const criteria: Criterion[] = [];
  const add = (met: boolean, reason: string) =>
    criteria.push({ weight: MATCH_WEIGHTS.filter, met: met ? 1 : 0, reason, order: 3 });
  if (filters.make) add(same(car.make, filters.make), `${car.make ?? filters.make} as asked`);
  if (filters.model) {
    const model = lower(car.model);
    const wanted = lower(filters.model);
    add(model === wanted || model.startsWith(`${wanted} `), `${car.model ?? filters.model} as asked`);
  }
  if (filters.bodyType) add(same(car.bodyType, filters.bodyType), `${filters.bodyType} as requested`);
  if (filters.fuelType) add(same(car.fuelType, filters.fuelType), `${filters.fuelType} as requested`);
  if (filters.transmission)
    add(same(car.transmission, filters.transmission), `${filters.transmission} gearbox`);
  if (filters.condition) add(same(car.condition, filters.condition), `${filters.condition}`);
  if (filters.color) {
    add(same(car.exteriorColor ?? car.color, filters.color), `${car.exteriorColor ?? filters.color} paint`);
  }
  // Years and mileage are met or not, but a near miss earns part (at most half), so near matches whose years or
  // mileage were let go come nearest first: a year off loses a fifth, 10% over the mileage a fifth.
  if (filters.minYear !== undefined || filters.maxYear !== undefined) {
    const year = car.year ?? 0;
    const off = Math.max(
      (filters.minYear ?? 0) - year,
      year - (filters.maxYear ?? Number.MAX_SAFE_INTEGER),
      0,
    );
    criteria.push({
      weight: MATCH_WEIGHTS.filter,
      met: off === 0 ? 1 : Math.max(0, 0.5 * (1 - off / 5)),
      reason: off === 0 ? `${year} model` : null,
      order: 3,
    });
  }
  if (filters.maxMileage !== undefined) {
    const mileage = car.mileage ?? Number.MAX_SAFE_INTEGER;
    const over = filters.maxMileage > 0 ? (mileage - filters.maxMileage) / filters.maxMileage : 1;
    criteria.push({
      weight: MATCH_WEIGHTS.filter,
      met: over <= 0 ? 1 : Math.max(0, 0.5 * (1 - 2 * over)),
      reason: over <= 0 ? `${formatAmount(car.mileage ?? 0)} km on the clock` : null,
      order: 3,
    });
  }
  return criteria;
}

/** How well the car suits one soft preference, 0 to 1, and the car's fact that says so. */
function preferenceFit(
  car: MatchableCar,
  preference: SoftPreference,
  context: MatchContext,
): { met: number; reason: string | null } {
  const body = lower(car.bodyType);
  const seats = typeof car.seats === 'number' ? car.seats : null;
  const economy = fuelEconomy(car);
  switch (preference) {
    case 'cheap': {
      if (!hasPrice(car.price)) return { met: 0, reason: null };
      const met = 1 - position(car.price, context.prices);
      const where =
        met >= 0.75
          ? 'one of the lowest prices here'
          : met >= 0.4
            ? 'a mid-range price here'
            : 'above most prices here';
      return { met, reason: `${money(context, car.price)}: ${where}` };
    }
    case 'fuel-efficient':
      return { met: economy.rating, reason: economy.rating >= 0.5 ? economy.reason : null };
    case 'reliable':
      return isReliableBrand(car.make)
        ? { met: 1, reason: `Reliable make: ${car.make}` }
        : { met: 0.3, reason: null };
    case 'family':
      if (seats !== null && seats >= 7) return { met: 1, reason: `${seats} seats for the whole family` };
      if (isFamilyFriendly(car)) return { met: 0.8, reason: `Roomy ${bodyWord(car)} for a family` };
      return { met: 0.4, reason: null };
    case 'spacious':
      if (seats !== null && seats >= 7) return { met: 1, reason: `${seats} seats` };
      if (['suv', 'wagon', 'truck'].includes(body)) return { met: 0.7, reason: `Roomy ${bodyWord(car)}` };
      return { met: 0.2, reason: null };
    case 'luxury':
      return LUXURY_MAKES.some((make) => same(make, car.make))
        ? { met: 1, reason: `Premium make: ${car.make}` }
        : { met: 0, reason: null };
    case 'sporty':
      return body === 'coupe' || body === 'convertible'
        ? { met: 1, reason: `Sporty ${body}` }
        : { met: 0, reason: null };
    case 'recent': {
      if (typeof car.year !== 'number') return { met: 0, reason: null };
      const met = position(car.year, context.years);
      return { met, reason: met >= 0.5 ? `Recent: ${car.year}` : null };
    }
    case 'small':
      if (body === 'hatchback') return { met: 1, reason: 'Hatchback: small and easy to park' };
      if (body === 'coupe' || body === 'sedan') return { met: 0.5, reason: null };
      return { met: 0.1, reason: null };
    case 'easy':
      return same(car.transmission, 'Automatic')
        ? { met: 1, reason: 'Automatic: easy to drive' }
        : { met: 0.4, reason: null };
    case 'long-trips': {
      const comfort = ['suv', 'sedan', 'wagon'].includes(body) ? 1 : body === 'truck' ? 0.6 : 0.4;
      const met = (comfort + economy.rating) / 2;
      return {
        met,
        reason:
          met >= 0.6
            ? `${car.fuelType ?? ''} ${bodyWord(car)}: comfortable and frugal on long trips`.trim()
            : null,
      };
    }
    case 'rugged': {
      const diesel = same(car.fuelType, 'Diesel') ? 0.1 : 0;
      if (body === 'truck') return { met: 1, reason: 'Bakkie with a load bed' };
      if (body === 'suv')
        return { met: 0.7 + diesel, reason: `${diesel ? 'Diesel ' : ''}SUV for rough roads` };
      return { met: 0.1, reason: null };
    }
    case 'ride-hailing': {
      const bodyFit =
        body === 'sedan' || body === 'hatchback' ? 1 : body === 'suv' || body === 'wagon' ? 0.7 : 0;
      const seatFit = seats === null || seats >= 5 ? 1 : 0;
      const recent = typeof car.year === 'number' ? position(car.year, context.years) : 0;
      const met = (bodyFit + seatFit + economy.rating + recent) / 4;
      const reason =
        met >= 0.6
          ? `${car.year ?? ''} ${bodyWord(car)}${seats ? ` with ${seats} seats` : ''}: suits ride-hailing`.trim()
          : null;
      return { met, reason };
    }
  }
}

/**
 * Words that may name a feature. When the words are the whole search (nothing else was read), the car was found
 * by them, so a word it does not show in its name or features is in its description: half met.
 */
function wordCriteria(car: MatchableCar, words: readonly string[], wholeSearch: boolean): Criterion[] {
  return words.map((word) => {
    const feature = (car.features ?? []).find((f) => lower(f).includes(word));
    if (feature) return { weight: MATCH_WEIGHTS.word, met: 1, reason: `Has ${feature}`, order: 2 };
    const named = lower(car.make).includes(word) || lower(car.model).includes(word);
    return { weight: MATCH_WEIGHTS.word, met: named ? 1 : wholeSearch ? 0.5 : 0, order: 2 };
  });
}

/** A reading as the scorer takes it: words the reader did not understand may still name a feature ('sunroof'). */
export function matchRequestOf(reading: QueryReading): MatchRequest {
  const words = reading.unmatchedWords.filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  return { filters: reading.filters, soft: reading.soft, words };
}

/**
 * Whether the car meets everything asked as a hard filter (make, body, years, seats...), with the budget's reach:
 * a price up to OVER_BUDGET_REACH over the budget still counts, as the score gives it part of the budget.
 */
export function meetsHardFilters(car: MatchableCar, filters: ReadFilters): boolean {
  const context: MatchContext = { currencySymbol: '', prices: null, years: null };
  const budget = budgetCriterion(car, filters, context);
  const seats = seatsCriterion(car, filters.minSeats);
  return (
    (budget === null || budget.met > 0) &&
    (seats === null || seats.met > 0) &&
    filterCriteria(car, filters).every((criterion) => criterion.met === 1)
  );
}

function askCriteria(car: MatchableCar, request: MatchRequest, context: MatchContext): Criterion[] {
  const criteria: Criterion[] = [];
  const budget = budgetCriterion(car, request.filters, context);
  if (budget) criteria.push(budget);
  const seats = seatsCriterion(car, request.filters.minSeats);
  if (seats) criteria.push(seats);
  for (const preference of new Set(request.soft)) {
    const fit = preferenceFit(car, preference, context);
    // A price is the first thing a buyer compares, so the 'cheap' line leads like the budget's.
    const order = preference === 'cheap' ? 0 : 1;
    criteria.push({ weight: MATCH_WEIGHTS.preference, met: fit.met, reason: fit.reason, order });
  }
  criteria.push(...wordCriteria(car, request.words ?? [], request.filters.search !== undefined));
  criteria.push(...filterCriteria(car, request.filters));
  return criteria;
}

/** The share (0 to 1) of the criteria's weight the car earns; 1 when nothing was asked. */
function shareOf(criteria: readonly Criterion[]): number {
  const total = criteria.reduce((sum, c) => sum + c.weight, 0);
  const earned = criteria.reduce((sum, c) => sum + c.weight * c.met, 0);
  return total === 0 ? 1 : earned / total;
}

function reasonsOf(criteria: readonly Criterion[]): string[] {
  const reasons = criteria
    .filter((c) => c.reason && c.met > 0)
    .sort((a, b) => a.order - b.order || b.weight * b.met - a.weight * a.met)
    .map((c) => c.reason!);
  return [...new Set(reasons)];
}

/**
 * The share of the ask alone (0 to 100) and its reasons, best first: what the car meets of what was asked, before
 * anything that makes one match better than another. `rankScore` is the score results show and are ordered by.
 */
export function scoreMatch(
  car: MatchableCar,
  request: MatchRequest,
  context: MatchContext,
): { score: number; reasons: string[] } {
  const criteria = askCriteria(car, request, context);
  return { score: Math.round(MAX_MATCH_SCORE * shareOf(criteria)), reasons: reasonsOf(criteria) };
}

/** A score with two decimals, so cars that differ a little never tie by rounding (the badge shows whole numbers). */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * The one score of a match (search, recommendations, the favourites box), 0 to 100: RANK_WEIGHTS.ask times the share
 * of the ask the car meets, plus the quality factors (car-quality.ts) times their weights. Reasons: the ask's and
 * the quality factors' together, the car's own facts first ('E38,000 under similar cars', 'Low mileage for 2019:
 * 30,000 km') and the filters every result shares last. `ask` is the share of the ask alone, 0 to 100.
 */
export function rankScore(
  car: MatchableCar,
  request: MatchRequest,
  context: MatchContext,
  market: CarMarket | null = null,
): { score: number; ask: number; reasons: string[]; pricingInsight: PricingInsight | null } {
  const { score, ask, criteria } = scoreParts(car, request, context, market);
  return { score, ask, reasons: reasonsOf(criteria), pricingInsight: marketInsight(car, market) };
}

/** The score and the share of the ask, with the criteria the reasons are read from when they are wanted. */
function scoreParts(
  car: MatchableCar,
  request: MatchRequest,
  context: MatchContext,
  market: CarMarket | null,
): { score: number; ask: number; criteria: Criterion[] } {
  const criteria = askCriteria(car, request, context);
  const ask = shareOf(criteria);
  const factors = qualityFactors(car, market, {
    currencySymbol: context.currencySymbol,
    lilangeniPerUnit: context.lilangeniPerUnit ?? 1,
    currentYear: context.currentYear ?? new Date().getFullYear(),
    maxPrice: request.filters.maxPrice,
    minPrice: request.filters.minPrice,
  });
  const quality = factors.reduce((sum, f) => sum + RANK_WEIGHTS[f.key] * f.met, 0);
  for (const f of factors)
    criteria.push({ weight: RANK_WEIGHTS[f.key], met: f.met, reason: f.reason, order: f.order });
  return {
    score: Math.min(MAX_MATCH_SCORE, hundredths(RANK_WEIGHTS.ask * ask + quality)),
    ask: Math.round(MAX_MATCH_SCORE * ask),
    criteria,
  };
}

export interface RankOptions<C> {
  currencySymbol?: string;
  lilangeniPerUnit?: number;
  limit?: number;
  /** Keep only cars meeting at least this share of the ask (0 to 100), whatever their quality. */
  keepFrom?: number;
  /** The year ages are counted to; this year when left out. */
  currentYear?: number;
  /** Each car's market (the pricing insight's median of its comparables), when known; neutral when not. */
  marketOf?: (car: C) => CarMarket | null | undefined;
}

/**
 * Scores every car with `rankScore` and orders them by it, highest first; equal scores put a certified pre-owned
 * car first, then keep the input order. Ranks start at 1. `total` counts every car kept (at least `keepFrom` of
 * the ask met), before `limit`: what 'Top 20 of 203' names.
 */
export function rankAll<C extends MatchableCar>(
  cars: readonly C[],
  request: MatchRequest,
  options: RankOptions<C> = {},
): { matches: ScoredMatch<C>[]; total: number } {
  const context = matchContext(cars, options.currencySymbol, options.lilangeniPerUnit, options.currentYear);
  const certified = (car: C) => (same(car.condition, 'Certified Pre-Owned') ? 1 : 0);
  const kept = cars
    .map((car, order) => {
      const market = options.marketOf?.(car) ?? null;
      return { car, order, market, ...scoreParts(car, request, context, market) };
    })
    .filter((entry) => entry.ask >= (options.keepFrom ?? 0))
    .sort((a, b) => b.score - a.score || certified(b.car) - certified(a.car) || a.order - b.order);
  // Reasons are ordered and the insight made only for the matches returned, not for every car scored.
  const matches = kept.slice(0, options.limit ?? cars.length).map((entry, index) => {
    const result: ScoredMatch<C> = {
      car: entry.car,
      matchScore: entry.score,
      matchRank: index + 1,
      reasons: reasonsOf(entry.criteria),
    };
    const insight = marketInsight(entry.car, entry.market);
    if (insight) result.pricingInsight = insight;
    return result;
  });
  return { matches, total: kept.length };
}

/** `rankAll`'s ordered matches alone. */
export function rankMatches<C extends MatchableCar>(
  cars: readonly C[],
  request: MatchRequest,
  options: RankOptions<C> = {},
): ScoredMatch<C>[] {
  return rankAll(cars, request, options).matches;
}

/** What each quiz answer prefers; answers not listed ('short', 'weekend', 'no-preference') prefer nothing. */
const PROFILE_PREFERENCES: Readonly<Record<string, Readonly<Record<string, readonly SoftPreference[]>>>> = {
  familySize: { 'large-family': ['family', 'spacious'], 'small-family': ['family'], single: ['small'] },
  fuelPreference: {
    'eco-friendly': ['fuel-efficient'],
    economy: ['fuel-efficient'],
    performance: ['sporty'],
  },
  usage: { daily: ['reliable'], adventure: ['rugged'], business: ['luxury'] },
  commutingDistance: { long: ['long-trips'], medium: ['fuel-efficient'] },
  priorities: {
    reliability: ['reliable'],
    'fuel-economy': ['fuel-efficient'],
    performance: ['sporty'],
    space: ['spacious'],
    luxury: ['luxury'],
    comfort: ['long-trips'],
  },
};

/** The quiz's answers as a request: the budget (and any body or fuel chosen) is hard, the rest preferences. */
export function profileRequest(
  profile: ScoringProfile & { bodyType?: BodyType | undefined; fuelType?: FuelType | undefined },
): MatchRequest {
  const filters: ReadFilters = {};
  if (profile.budget?.min) filters.minPrice = profile.budget.min;
  if (profile.budget?.max) filters.maxPrice = profile.budget.max;
  if (profile.bodyType) filters.bodyType = profile.bodyType;
  if (profile.fuelType) filters.fuelType = profile.fuelType;
  const answers: [string, string | null | undefined][] = [
    ['familySize', profile.familySize],
    ['fuelPreference', profile.fuelPreference],
    ['usage', profile.usage],
    ['commutingDistance', profile.commutingDistance],
    ...(profile.priorities ?? []).map((priority): [string, string] => ['priorities', priority]),
  ];
  const soft = new Set<SoftPreference>();
  for (const [question, answer] of answers) {
    for (const preference of PROFILE_PREFERENCES[question]?.[answer ?? ''] ?? []) soft.add(preference);
  }
  return { filters, soft: [...soft] };
}
