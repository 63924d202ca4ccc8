import { and, desc, ne, sql, type SQL } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import {
  carConditions,
  distinctValuesMatching,
  sellerNotSuspended,
  statusIn,
  type CarQueryConditions,
} from '../cars/car-conditions.ts';
import { cars } from '../db/schema/index.ts';
import { searchWords } from '../cars/car.repository.ts';
import {
  byMileageThenId,
  carCatalogueIndexOf,
  type CatalogueView,
  type ComparableOfYear,
  type ComparablesQuery,
} from '../cars/car-catalogue-index.ts';

/** The columns ranking and pricing read; answers are built afterwards from CarRepository records. */
export interface CandidateCar {
  id: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  seats: number;
  price: number;
  fuelType: string;
  transmission: string;
  bodyType: string;
  condition: string;
  color: string | null;
  exteriorColor: string | null;
  features: string[];
  /** How many photos it has, and whether its video is ready: the score weighs both. */
  photoCount: number;
  hasVideo: boolean;
  /**
   * The catalogue's version and the change log's last entry when the row was read ('version:seq'): whether the
   * catalogue index is as new as the candidates, read in their statement as a list's page reads it.
   */
  catalogueHead?: string;
}

/**
 * Filters as the query reader produces them: the car query's (without its search, which goes to candidatesByWords)
 * and a colour; `model` matches a model family ('Land Cruiser' takes 'Land Cruiser Prado').
 */
export type CandidateFilters = Omit<CarQueryConditions, 'search'> & { color?: string | undefined };

export interface ComparableQuery {
  make: string;
  model: string;
  minYear: number;
  maxYear: number;
  minMileage: number;
  /** Exclusive; null for the open top band. */
  maxMileage: number | null;
  excludeId: string;
}

/** A make and model whose priced cars of these model years a search reads. */
export interface ComparableModel {
  make: string;
  model: string;
  minYear: number;
  maxYear: number;
}

/** Answers a comparables query (car-catalogue-index.ts), from the catalogue index or from a pool read by SQL. */
export type ComparablesSource = (query: ComparablesQuery) => readonly ComparableOfYear[];

/** A source over a pool read by SQL: the pool sorted once by make, model and year, each year by mileage and id. */
export function poolComparables(pool: readonly ComparableCar[]): ComparablesSource {
  const byYear = new Map<string, ComparableCar[]>();
  const slot = (make: string, model: string, year: number) =>
    `${make.toLowerCase()}\u0000${model.toLowerCase()}\u0000${year}`;
  for (const car of pool) {
    if (car.price <= 0) continue;
    const key = slot(car.make, car.model, car.year);
    const list = byYear.get(key);
    if (list) list.push(car);
    else byYear.set(key, [car]);
  }
  for (const list of byYear.values()) list.sort(byMileageThenId);
  return (query) => {
    const exclude = query.excludeId?.toLowerCase();
    const found: ComparableOfYear[] = [];
    for (const car of byYear.get(slot(query.make, query.model, query.year)) ?? []) {
      if (found.length === query.limit) break;
      if (car.mileage < query.minMileage || car.id.toLowerCase() === exclude) continue;
      if (query.maxMileage !== null && car.mileage >= query.maxMileage) break;
      found.push(car);
    }
    return found;
  };
}

/**
 * One source per catalogue view: a view never changes, so one source stands for its answers, and what is worked out
 * from them (a search's markets) can be kept for as long as the view is current.
 */
const sourceOfView = new WeakMap<CatalogueView, ComparablesSource>();

function viewComparables(view: CatalogueView): ComparablesSource {
  let source = sourceOfView.get(view);
  if (!source) {
    source = (query) => view.comparablesOf(query);
    sourceOfView.set(view, source);
  }
  return source;
}

export interface ComparableCar {
  id: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  price: number;
}

const candidateColumns = {
  id: cars.id,
  make: cars.make,
  model: cars.model,
  year: cars.year,
  mileage: cars.mileage,
  seats: cars.seats,
  price: cars.price,
  fuelType: cars.fuelType,
  transmission: cars.transmission,
  bodyType: cars.bodyType,
  condition: cars.condition,
  color: cars.color,
  exteriorColor: cars.exteriorColor,
  features: cars.features,
  photoCount: sql<number>`coalesce(cardinality(${cars.images}), 0)::int`.mapWith(Number),
  hasVideo:
    sql<boolean>`(${cars.videoStatus} = 'ready' and coalesce(cardinality(${cars.videos}), 0) > 0)`.mapWith(
      (value: unknown) => value === true || value === 't',
    ),
  catalogueHead: sql<string>`(select v.version::text || ':' || (select coalesce(max(seq), 0) from car_changes)::text
    from car_catalogue_version v where v.id = 1)`,
};

/** Cars anyone may be shown: active, of an account that is not suspended. */
const active = and(statusIn(['active']), sellerNotSuspended)!;

/** The car list's own conditions: the same filters match the same cars here as in GET /cars. */
const filteredWhere = (filters: CandidateFilters) =>
  and(...carConditions({ ...filters, statuses: ['active'] }, { modelFamily: true }));

/**
 * Each word as a condition: a word prefix of the car's make, model, description or features, or (3 letters and
 * more) close by trigram similarity to its make or model, which forgives typos.
 */
function wordMatches(words: readonly string[]): SQL[] {
  return words.map((word) => {
    const fullText = sql`${cars.searchDocument} @@ to_tsquery('simple', ${`${word}:*`})`;
    return word.length >= 3
      ? sql`(${fullText} or ${cars.make} = any(${distinctValuesMatching('make', (value) => sql`${word} <% ${value}`)}) or ${cars.model} = any(${distinctValuesMatching('model', (value) => sql`${word} <% ${value}`)}))`
      : sql`(${fullText})`;
  });
}

/** Active cars matching ANY of the text's words; null when it has none. */
function wordsWhere(text: string): SQL | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return and(active, sql`(${sql.join(wordMatches(words), sql` or `)})`);
}

/** Reads for the AI endpoints: candidates to rank, comparables to price against, the inventory's model names. */
export class AiRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Every make and model listed for sale, so the query reader knows models the catalogue does not. */
  async activeMakesAndModels(limit = 5_000): Promise<{ make: string; model: string }[]> {
    // A loose index scan of cars_active_make_model_idx: one probe per distinct pair, not a read of every car.
    return resultRows<{ make: string; model: string }>(
      await this.#db.execute(sql`
        with recursive walk(make, model) as (
          (select make, model from cars where status = 'active' order by make, model limit 1)
          union all
          select next.make, next.model from walk, lateral (
            select make, model from cars
            where status = 'active' and (make, model) > (walk.make, walk.model)
            order by make, model limit 1
          ) next
        )
        select make, model from walk limit ${limit}`),
    );
  }

  /** Active cars meeting every hard filter, newest first. */
  async candidates(filters: CandidateFilters, limit: number): Promise<CandidateCar[]> {
    return (
      this.#db
        .select(candidateColumns)
        .from(cars)
        .where(filteredWhere(filters))
        // NULLS LAST like the list's indexes (neither column is ever null, so the order is the same).
        .orderBy(sql`${cars.createdAt} desc nulls last`, sql`${cars.id} desc nulls last`)
        .limit(limit)
    );
  }

  /** How many active cars meet every hard filter, or (for words) any of the words: a search's whole total. */
  async countCandidates(query: { filters: CandidateFilters } | { words: string }): Promise<number> {
    const where = 'words' in query ? wordsWhere(query.words) : filteredWhere(query.filters);
    if (!where) return 0;
    const [row] = await this.#db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(cars)
      .where(where);
    return row?.n ?? 0;
  }

  /**
   * Full-text search for a query nothing else could be read from: a car matches when ANY word does (as a word
   * prefix of its make, model, description or features, or by trigram similarity to make or model, which forgives
   * typos), and cars matching more words come first.
   */
  async candidatesByWords(text: string, limit: number): Promise<CandidateCar[]> {
    const words = searchWords(text);
    const where = wordsWhere(text);
    if (!where) return [];
    const hits = sql.join(
      wordMatches(words).map((match) => sql`(case when ${match} then 1 else 0 end)`),
      sql` + `,
    );
    return this.#db
      .select(candidateColumns)
      .from(cars)
      .where(where)
      .orderBy(sql`${hits} desc`, desc(cars.createdAt), desc(cars.id))
      .limit(limit);
  }

  /**
   * Where a search reads the comparables of its best cars (these makes and models, each in its window of model
   * years): the catalogue index when its view holds the change log up to `head` (the candidates' `catalogueHead`;
   * if not, it catches up first), else one read by SQL of the windows' active priced cars.
   */
  async comparablesFor(
    models: readonly ComparableModel[],
    head: string | undefined,
  ): Promise<ComparablesSource> {
    if (models.length === 0) return () => [];
    const index = carCatalogueIndexOf(this.#db);
    const [version, seq] = (head ?? '').split(':');
    let view = index.current();
    if (view && version && seq && !index.checkPage(view, Number(seq), version)) {
      await index.caughtUp();
      view = index.current();
      if (view && (view.version !== version || view.seq < Number(seq))) view = null;
    }
    if (view && version && seq) return viewComparables(view);
    return poolComparables(await this.comparablePool(models));
  }

  /**
   * Every active, priced car of these makes and models (case-insensitive), each from its own `minYear` to `maxYear`,
   * at most `limit` rows, the most recent years first.
   */
  async comparablePool(models: readonly ComparableModel[], limit = 5_000): Promise<ComparableCar[]> {
    if (models.length === 0) return [];
    const wanted = sql.join(
      models.map(
        (pair) =>
          sql`(lower(${cars.make}) = lower(${pair.make}) and lower(${cars.model}) = lower(${pair.model}) and ${cars.year} between ${pair.minYear} and ${pair.maxYear})`,
      ),
      sql` or `,
    );
    return this.#db
      .select({
        id: cars.id,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        mileage: cars.mileage,
        price: cars.price,
      })
      .from(cars)
      .where(and(active, sql`${cars.price} > 0`, sql`(${wanted})`))
      .orderBy(desc(cars.year), cars.mileage, cars.id)
      .limit(limit);
  }

  /** Active, priced cars of the same make and model, years and mileage band; never the car itself. */
  async comparables(query: ComparableQuery, limit = 200): Promise<ComparableCar[]> {
    const conditions: SQL[] = [
      active,
      ne(cars.id, query.excludeId),
      sql`${cars.price} > 0`,
      sql`lower(${cars.make}) = lower(${query.make})`,
      sql`lower(${cars.model}) = lower(${query.model})`,
      sql`${cars.year} between ${query.minYear} and ${query.maxYear}`,
      sql`${cars.mileage} >= ${query.minMileage}`,
    ];
    if (query.maxMileage !== null) conditions.push(sql`${cars.mileage} < ${query.maxMileage}`);
    return this.#db
      .select({
        id: cars.id,
        make: cars.make,
        model: cars.model,
        year: cars.year,
        mileage: cars.mileage,
        price: cars.price,
      })
      .from(cars)
      .where(and(...conditions))
      .orderBy(desc(cars.year), cars.mileage, cars.id)
      .limit(limit);
  }
}
