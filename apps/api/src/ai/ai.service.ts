import { EXTERIOR_COLOURS } from '@autoreel/core';
import { CAR_MAKES } from '@autoreel/core';
import { describeReading, withoutRemoved, type CatalogueMake, type QueryReading } from '@autoreel/core';
import {
  lifestyleNote,
  matchesShown,
  matchRequestOf,
  profileRequest,
  rankAll,
  rankMatches,
  relaxations,
  withoutFilters,
  RECOMMENDATION_LIMIT,
  type CarMarket,
  type FilterKey,
  type MatchRequest,
  type RemovableReading,
  type ScoredMatch,
} from '@autoreel/core';
import { carName, formatAmount } from '@autoreel/core';
import { PRICING_CONFIDENCE, PRICING_SUGGESTIONS, pricingPosition, type PricePosition } from '@autoreel/core';
import { inLilangeni, type BodyType, type FuelType, type ScoringProfile } from '@autoreel/core';
import { buyerCurrency, buyerMoney, type BuyerCurrency } from '@autoreel/core';
import type { AiProvider } from './ai-provider.ts';
import type { DescriptionFacts, ListingSpecs, WrittenListing } from './listing-writer.ts';
import { notFound } from '../errors.ts';
import type {
  AiRepository,
  CandidateCar,
  ComparableCar,
  ComparableModel,
  ComparablesSource,
} from './ai.repository.ts';
import type { CarRepository } from '../cars/car.repository.ts';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { presentCar, type CarDto } from '../cars/car.presenter.ts';
import type { MediaUrlConfig } from '../media/media-url.ts';

/** How many cars a search ranks, and how many it answers. */
const SEARCH_CANDIDATES = 500;
export const SEARCH_RESULT_LIMIT = 20;
const RECOMMENDATION_CANDIDATES = 1_000;
/** Reasons kept per result; cards show the first two (SPEC 9). */
const MAX_REASONS = 4;
/** A recommendation must meet at least half of what the quiz asked. */
export const RECOMMENDATION_KEEP_FROM = 50;
/** The inventory's model list is re-read at most this often. */
const INVENTORY_TTL_MS = 60_000;
/**
 * How many of the best-scored candidates are scored again with their market price (the deal factor): the factor
 * moves a score by at most 5 points either way, and reading comparables for every candidate would cost more than
 * the answer is worth.
 */
export const MARKET_RANKED = 60;
/** At most this many relaxed searches are tried before a search answers that nothing came near. */
const MAX_RELAXATIONS = 6;
/** Symbol of search and pricing insights; Eswatini's lilangeni (SPEC 1: the default prefix is E). */
const DEFAULT_SYMBOL = 'E';

/** Comparable cars share a mileage band, so a 20,000 km car is not priced against 200,000 km ones. */
export const MILEAGE_BANDS: readonly { min: number; max: number | null; label: string }[] = [
  { min: 0, max: 30_000, label: 'under 30,000 km' },
  { min: 30_000, max: 80_000, label: '30,000 to 80,000 km' },
  { min: 80_000, max: 150_000, label: '80,000 to 150,000 km' },
  { min: 150_000, max: null, label: 'over 150,000 km' },
];
export const COMPARABLE_YEAR_SPREAD = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MIN_COMPARABLES = 3;
/** The comparables a market price is the median of, at most: the nearest by year, then mileage. */
const COMPARABLES_TAKEN = 200;

export interface SearchMatch {
  car: CarDto;
  matchScore: number;
  matchRank: number;
  reasons: string[];
}

export interface RecommendationRequest extends ScoringProfile {
  budget: { min: number; max: number };
  currency?: string | undefined;
  bodyType?: BodyType | undefined;
  fuelType?: FuelType | undefined;
}

export function mileageBand(mileage: number) {
  return MILEAGE_BANDS.find((band) => mileage >= band.min && (band.max === null || mileage < band.max))!;
}

/** The middle price; with an even count, the mean of the two middle ones, rounded to whole currency units. */
export function medianPrice(prices: readonly number[]): number | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

const money = (value: number) => `${DEFAULT_SYMBOL}${formatAmount(value)}`;

/** A car's make and model as one key, whatever their case. */
const modelKey = (car: { make: string; model: string }) =>
  `${car.make.toLowerCase()}\u0000${car.model.toLowerCase()}`;

/**
 * Cars' markets by the pricing insight's rule (`comparables`), each read from `source`: the same make and model,
 * model year within 2, the same mileage band, never the car itself; the first 200 by year (newest), mileage and id;
 * their median price, once there are at least MIN_COMPARABLES (else null).
 */
export function marketsOf(
  priced: readonly Pick<CandidateCar, 'id' | 'make' | 'model' | 'year' | 'mileage'>[],
  source: ComparablesSource,
): Map<string, CarMarket | null> {
  // Cars of one make, model, year and mileage band share their comparables but for themselves (a search's best 60
  // are often a few such groups): a group reads the rule's first 200 and one more, once, and sorts their prices. A
  // car takes them without itself, or without the last when it is not among them, and its median is read off the
  // sorted prices with that one left out. Ids are compared as the database writes uuids (lower case).
  const groups = groupsOf(source);
  const markets = new Map<string, CarMarket | null>();
  for (const car of priced) {
    const band = mileageBand(car.mileage);
    const key = `${modelKey(car)}\u0000${car.year}\u0000${band.min}`;
    let group = groups.get(key);
    if (!group) {
      group = comparablesGroup(car, band, source);
      groups.set(key, group);
    }
    const self = group.places.get(car.id.toLowerCase());
    const left = self ?? (group.ids.length > COMPARABLES_TAKEN ? COMPARABLES_TAKEN : -1);
    const skip = left >= 0 ? sortedIndexOf(group.sorted, group.prices[left]!) : -1;
    const count = group.sorted.length - (skip >= 0 ? 1 : 0);
    markets.set(
      car.id,
      count < MIN_COMPARABLES ? null : { marketPrice: medianWithout(group.sorted, skip), comparables: count },
    );
  }
  return markets;
}

/** One make, model, year and mileage band's comparables in the rule's order, one more than a car takes. */
interface ComparablesGroup {
  ids: string[];
  prices: number[];
  /** Each id's place in `ids`. */
  places: Map<string, number>;
  /** The same prices, ascending. */
  sorted: Float64Array;
}

/**
 * The groups read from one source, kept while it is current: a catalogue view's source stands for answers that never
 * change (ai.repository.ts), so the searches on one view share the groups of the models they rank, as popular
 * models' are. A source read by SQL is made for one search and dropped with it. Bounded, as a view can live long.
 */
const groupsBySource = new WeakMap<ComparablesSource, Map<string, ComparablesGroup>>();
const GROUPS_KEPT = 2_000;

function groupsOf(source: ComparablesSource): Map<string, ComparablesGroup> {
  let groups = groupsBySource.get(source);
  if (!groups || groups.size > GROUPS_KEPT) {
    groups = new Map();
    groupsBySource.set(source, groups);
  }
  return groups;
}

function comparablesGroup(
  car: Pick<CandidateCar, 'make' | 'model' | 'year'>,
  band: ReturnType<typeof mileageBand>,
  source: ComparablesSource,
): ComparablesGroup {
  const ids: string[] = [];
  const prices: number[] = [];
  for (let year = car.year + COMPARABLE_YEAR_SPREAD; year >= car.year - COMPARABLE_YEAR_SPREAD; year--) {
    if (ids.length > COMPARABLES_TAKEN) break;
    const found = source({
      make: car.make,
      model: car.model,
      year,
      minMileage: band.min,
      maxMileage: band.max,
      limit: COMPARABLES_TAKEN + 1 - ids.length,
    });
    for (const other of found) {
      ids.push(other.id);
      prices.push(other.price);
    }
  }
  const places = new Map(ids.map((id, place) => [id, place]));
  return { ids, prices, places, sorted: Float64Array.from(prices).sort() };
}

/** Where `value` sits in ascending `sorted` (one of its places when repeated). */
function sortedIndexOf(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** medianPrice of ascending `sorted` without its element at `skip` (-1: all of them). */
function medianWithout(sorted: Float64Array, skip: number): number {
  const count = sorted.length - (skip >= 0 ? 1 : 0);
  const at = (i: number) => sorted[skip >= 0 && i >= skip ? i + 1 : i]!;
  const middle = Math.floor(count / 2);
  return count % 2 ? at(middle) : Math.round((at(middle - 1) + at(middle)) / 2);
}

export interface AiServiceDeps {
  provider: AiProvider;
  ai: AiRepository;
  cars: CarRepository;
  media: MediaUrlConfig;
  now: () => Date;
  /**
   * 'plain' ranks by the share of the ask alone, without reading markets (today's scorer before the quality
   * factors); only for the benchmark's side-by-side row. 'rich' (the default) is the product.
   */
  ranking?: 'rich' | 'plain';
}

/**
 * The AI endpoints. The provider reads and writes text; everything decided about cars (which match, how they
 * rank, what the market price is) is a rule over the database here, so answers can be explained and tested.
 */
export class AiService {
  readonly #deps: AiServiceDeps;
  #inventory: { at: number; catalogue: readonly CatalogueMake[] } | null = null;

  constructor(deps: AiServiceDeps) {
    this.#deps = deps;
  }

  /** The catalogue's makes and models plus any the inventory lists that the catalogue does not know. */
  async #catalogue(): Promise<readonly CatalogueMake[]> {
    // Wall-clock age, not business time: tests pin `now`, and the list must still refresh.
    const now = performance.now();
    if (this.#inventory && now - this.#inventory.at < INVENTORY_TTL_MS) return this.#inventory.catalogue;
    const listed = await this.#deps.ai.activeMakesAndModels();
    const makes = new Map<string, { name: string; aliases: readonly string[]; models: { name: string }[] }>();
    for (const make of CAR_MAKES) {
      makes.set(make.name.toLowerCase(), {
        name: make.name,
        aliases: make.aliases,
        models: [...make.models],
      });
    }
    for (const { make, model } of listed) {
      const entry = makes.get(make.toLowerCase()) ?? { name: make, aliases: [], models: [] };
      makes.set(make.toLowerCase(), entry);
      if (!entry.models.some((known) => known.name.toLowerCase() === model.toLowerCase()))
        entry.models.push({ name: model });
    }
    const catalogue = [...makes.values()];
    this.#inventory = { at: now, catalogue };
    return catalogue;
  }

  async #present(ids: readonly string[]): Promise<Map<string, CarDto>> {
    const records = await this.#deps.cars.findManyByIds(ids);
    return new Map(
      records.map((record) => [record.car.id, presentCar(record.car, record.joins, this.#deps.media)]),
    );
  }

  async search(
    query: string,
    without: readonly RemovableReading[] = [],
  ): Promise<{
    cars: SearchMatch[];
    insights: string[];
    filters: QueryReading['filters'];
    soft: QueryReading['soft'];
    exact: boolean;
    relaxed: FilterKey[];
    total: number;
  }> {
    const catalogue = await this.#catalogue();
    const read = await this.#deps.provider.readQuery(query, {
      catalogue,
      colors: EXTERIOR_COLOURS,
      currentYear: this.#deps.now().getFullYear(),
    });
    const reading = withoutRemoved(read, without);
    const { filters, soft } = reading;
    const request = matchRequestOf(reading);
    let relaxed: FilterKey[] = [];
    let searched = filters;
    let candidates = await this.#candidates(filters);
    // Nothing meets every filter: let the fewest, least telling ones go (core's `relaxations`) and say which.
    if (candidates.length === 0) {
      for (const gone of relaxations(filters).slice(0, MAX_RELAXATIONS)) {
        searched = withoutFilters(filters, gone);
        candidates = await this.#candidates(searched);
        if (candidates.length > 0) {
          relaxed = gone;
          break;
        }
      }
    }
    // Every candidate is a match; past the ranked few, the whole total is counted ('Top 20 of 203').
    const total =
      candidates.length < SEARCH_CANDIDATES
        ? candidates.length
        : await this.#deps.ai.countCandidates(
            searched.search !== undefined ? { words: searched.search } : { filters: searched },
          );
    // Near matches are scored against everything asked, so the closest come first.
    const { matches: ranked } = await this.#rank(candidates, request, SEARCH_RESULT_LIMIT);
    const presented = await this.#present(ranked.map((r) => r.car.id));
    const cars = ranked.flatMap((entry) => {
      const car = presented.get(entry.car.id);
      return car ? [{ ...entry, car, reasons: entry.reasons.slice(0, MAX_REASONS) }] : [];
    });
    const insights = [describeReading(reading, DEFAULT_SYMBOL)];
    if (cars.length === 0)
      insights.push('No cars for sale match all of that right now; try removing a filter.');
    else if (relaxed.length > 0)
      insights.push(
        `No cars for sale match all of that right now; these are the closest, without ${relaxedWords(filters, relaxed)}.`,
      );
    const exact = cars.length > 0 && relaxed.length === 0;
    return { cars, insights, filters, soft, exact, relaxed, total: cars.length === 0 ? 0 : total };
  }

  async #candidates(filters: QueryReading['filters']): Promise<CandidateCar[]> {
    return filters.search !== undefined
      ? this.#deps.ai.candidatesByWords(filters.search, SEARCH_CANDIDATES)
      : this.#deps.ai.candidates(filters, SEARCH_CANDIDATES);
  }

  /**
   * Core's one scorer over the candidates: first without markets, then the best MARKET_RANKED again with their
   * market price from one read of comparables, so a good deal can rise above a car that only looked as good.
   */
  async #rank(
    candidates: readonly CandidateCar[],
    request: MatchRequest,
    limit: number,
    keepFrom?: number,
  ): Promise<{ matches: ScoredMatch<CandidateCar>[]; total: number }> {
    const options = {
      currencySymbol: DEFAULT_SYMBOL,
      currentYear: this.#deps.now().getFullYear(),
      ...(keepFrom === undefined ? {} : { keepFrom }),
    };
    if (this.#deps.ranking === 'plain') return rankAll(candidates, request, { ...options, limit });
    const first = rankAll(candidates, request, { ...options, limit: MARKET_RANKED });
    const best = first.matches.map((entry) => entry.car);
    if (best.length === 0) return { matches: [], total: 0 };
    // One window of model years per make and model: its best cars' years, widened by the comparables' spread.
    const pairs = new Map<string, ComparableModel>();
    for (const car of best) {
      const pair = pairs.get(modelKey(car));
      const minYear = Math.min(pair?.minYear ?? Infinity, car.year - COMPARABLE_YEAR_SPREAD);
      const maxYear = Math.max(pair?.maxYear ?? -Infinity, car.year + COMPARABLE_YEAR_SPREAD);
      pairs.set(modelKey(car), { make: car.make, model: car.model, minYear, maxYear });
    }
    const source = await this.#deps.ai.comparablesFor([...pairs.values()], best[0]!.catalogueHead);
    const markets = marketsOf(best, source);
    const matches = rankMatches(best, request, {
      ...options,
      limit,
      marketOf: (car) => markets.get(car.id) ?? null,
    });
    return { matches, total: first.total };
  }

  async recommend(asked: RecommendationRequest) {
    // Cars are priced in lilangeni (the rand at par): a budget in another currency is compared in lilangeni.
    // A card's reasons speak the currency its price is shown in (lilangeni), so a card never reads 'E865,500'
    // beside '$48,083'; only the summary names the budget in the currency it was picked in.
    const shown = buyerCurrency(asked.currency);
    const budget = {
      min: inLilangeni(asked.budget.min, asked.currency),
      max: inLilangeni(asked.budget.max, asked.currency),
    };
    const request = { ...asked, budget };
    // 'Close to budget' reaches 110% of the maximum (SPEC 9), so nothing above it can score for budget.
    const maxPrice = budget.max > 0 ? Math.floor((budget.max * 110) / 100) : undefined;
    const candidates = await this.#deps.ai.candidates(
      { maxPrice, bodyType: request.bodyType, fuelType: request.fuelType },
      RECOMMENDATION_CANDIDATES,
    );
    const { matches: scored, total } = await this.#rank(
      candidates,
      profileRequest(request),
      RECOMMENDATION_LIMIT,
      RECOMMENDATION_KEEP_FROM,
    );
    const presented = await this.#present(scored.map((s) => s.car.id));
    const cars = scored.flatMap((result) => {
      const car = presented.get(result.car.id);
      if (!car) return [];
      return [
        {
          car,
          matchScore: result.matchScore,
          matchRank: result.matchRank,
          reasons: result.reasons.slice(0, MAX_REASONS),
          // The card shows the first two reasons; the note says the rest, so each is said once.
          lifestyleMatch: lifestyleNote(result.reasons.slice(0, MAX_REASONS)),
        },
      ];
    });
    const wants = describeProfile(request, shown);
    // One sentence: each car's reasons are on its card, not repeated here.
    const reasoning = cars.length
      ? `${matchesShown(cars.length, total)} for ${wants}, best first.`
      : `No cars for sale fit ${wants} right now. Try a wider budget or fewer preferences.`;
    return { cars, reasoning, total };
  }

  async pricingInsights(carId: string, user: AuthUser | null) {
    // Ids are UUIDs; anything else cannot name a car (and must not reach the uuid column as a cast error).
    if (!UUID.test(carId)) throw notFound('Car not found');
    const record = await this.#deps.cars.findById(carId);
    const car = record?.car;
    // A car that is not for sale is only visible to its seller and admins; to anyone else it does not exist.
    if (!car || (car.status !== 'active' && car.sellerId !== user?.id && user?.role !== 'admin')) {
      throw notFound('Car not found');
    }
    const band = mileageBand(car.mileage);
    const minYear = car.year - COMPARABLE_YEAR_SPREAD;
    const maxYear = car.year + COMPARABLE_YEAR_SPREAD;
    const found = await this.#deps.ai.comparables({
      make: car.make,
      model: car.model,
      minYear,
      maxYear,
      minMileage: band.min,
      maxMileage: band.max,
      excludeId: car.id,
    });
    const comparison = found.map((c: ComparableCar) => ({ ...c, _id: c.id }));
    const what = `${carName(car)} cars from ${minYear} to ${maxYear} with ${band.label}`;
    const base = { comparison, comparables: found.length, confidence: PRICING_CONFIDENCE };
    if (found.length < MIN_COMPARABLES) {
      const count = found.length === 0 ? 'No other' : `Only ${found.length}`;
      return {
        ...base,
        marketPrice: null,
        marketPosition: null,
        insights: [
          `${count} comparable ${found.length === 1 ? 'car is' : 'cars are'} for sale (${what}); at least ${MIN_COMPARABLES} are needed to estimate a market price.`,
        ],
      };
    }
    const marketPrice = medianPrice(found.map((c) => c.price))!;
    const insights = [
      `Market price ${money(marketPrice)}: the median of ${found.length} comparable ${what}.`,
    ];
    let marketPosition: PricePosition | null = null;
    if (car.price > 0) {
      marketPosition = pricingPosition(car.price, marketPrice);
      const percent = Math.round((Math.abs(car.price - marketPrice) * 100) / marketPrice);
      const where =
        marketPosition === 'at'
          ? 'in line with the market'
          : `${percent}% ${marketPosition} the market price`;
      insights.push(
        `This car's price of ${money(car.price)} is ${where}. ${PRICING_SUGGESTIONS[marketPosition]}.`,
      );
    } else {
      insights.push(
        'This car has no asking price (contact for price), so it cannot be placed against the market.',
      );
    }
    return { ...base, marketPrice, marketPosition, insights };
  }

  async generateListing(specs: ListingSpecs): Promise<WrittenListing> {
    return this.#deps.provider.writeListing(specs);
  }

  async enhanceDescription(description: string, facts: DescriptionFacts): Promise<{ description: string }> {
    return { description: await this.#deps.provider.enhanceDescription(description, facts) };
  }
}

/** What a near match let go, in words: 'the diesel filter', 'the model (Pajero Sport)'. */
function relaxedWords(filters: QueryReading['filters'], relaxed: readonly FilterKey[]): string {
  const words = relaxed.flatMap((key): string[] => {
    if (key === 'maxYear' && relaxed.includes('minYear')) return [];
    if (key === 'maxPrice' && relaxed.includes('minPrice')) return [];
    if (key === 'minYear' || key === 'maxYear') return ['the years'];
    if (key === 'minPrice' || key === 'maxPrice') return ['the budget'];
    if (key === 'maxMileage') return ['the mileage'];
    if (key === 'minSeats') return ['the seats'];
    const value = filters[key];
    return [`${key === 'make' || key === 'model' ? 'the ' : ''}${String(value)}`];
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}` : words[0]!;
}

/** The quiz's answers in words; the budget is in lilangeni and written in `currency`. */
function describeProfile(request: RecommendationRequest, currency: BuyerCurrency): string {
  const { min, max } = request.budget;
  const parts = [
    max > 0 ? `a budget of ${buyerMoney(min, currency)} to ${buyerMoney(max, currency)}` : 'any budget',
  ];
  if (request.familySize) parts.push(`a ${request.familySize.replace('-', ' ')} household`);
  if (request.usage) parts.push(`${request.usage} use`);
  if (request.commutingDistance) parts.push(`a ${request.commutingDistance} commute`);
  if (request.fuelPreference) parts.push(`${request.fuelPreference} fuel`);
  if (request.bodyType) parts.push(`a ${request.bodyType}`);
  if (request.fuelType) parts.push(`${request.fuelType.toLowerCase()} power`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
}
