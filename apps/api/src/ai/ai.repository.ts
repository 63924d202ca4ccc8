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
};

/** Cars anyone may be shown: active, of an account that is not suspended. */
const active = and(statusIn(['active']), sellerNotSuspended)!;

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
    // The car list's own conditions: the same filters match the same cars here as in GET /cars.
    const conditions = carConditions({ ...filters, statuses: ['active'] }, { modelFamily: true });
    return (
      this.#db
        .select(candidateColumns)
        .from(cars)
        .where(and(...conditions))
        // NULLS LAST like the list's indexes (neither column is ever null, so the order is the same).
        .orderBy(sql`${cars.createdAt} desc nulls last`, sql`${cars.id} desc nulls last`)
        .limit(limit)
    );
  }

  /**
   * Full-text search for a query nothing else could be read from: a car matches when ANY word does (as a word
   * prefix of its make, model, description or features, or by trigram similarity to make or model, which forgives
   * typos), and cars matching more words come first.
   */
  async candidatesByWords(text: string, limit: number): Promise<CandidateCar[]> {
    const words = searchWords(text);
    if (words.length === 0) return [];
    const matches = words.map((word) => {
      const fullText = sql`${cars.searchDocument} @@ to_tsquery('simple', ${`${word}:*`})`;
      return word.length >= 3
        ? sql`(${fullText} or ${cars.make} = any(${distinctValuesMatching('make', (value) => sql`${word} <% ${value}`)}) or ${cars.model} = any(${distinctValuesMatching('model', (value) => sql`${word} <% ${value}`)}))`
        : sql`(${fullText})`;
    });
    const hits = sql.join(
      matches.map((match) => sql`(case when ${match} then 1 else 0 end)`),
      sql` + `,
    );
    return this.#db
      .select(candidateColumns)
      .from(cars)
      .where(and(active, sql`(${sql.join(matches, sql` or `)})`))
      .orderBy(sql`${hits} desc`, desc(cars.createdAt), desc(cars.id))
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
