import { eq, sql, type SQL } from 'drizzle-orm';
import { carQueryFilters, PRICE_DROP_DAYS, type CarQuery, type CarQueryFilters } from '@autoreel/core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cars } from '../db/schema/index.ts';

/**
 * The car query's filters as conditions read them (packages/core CarQuery, less its order): a choice is any text,
 * matched whatever its letter case, as stored listings, scripts and the AI reader spell it.
 */
export type CarQueryConditions = {
  [K in keyof CarQueryFilters]?: CarQueryFilters[K] extends number | undefined
    ? number | undefined
    : string | undefined;
};

/** Which cars a list may show at all, whatever it asks for. */
export interface CarScope {
  dealerId?: string | undefined;
  sellerId?: string | undefined;
  /** Omitted means every status (an owner's own inventory). */
  statuses?: string[] | undefined;
}

/** A list's filters as the repositories take them: the car query's, the scope, and what a sort implies. */
export type CarFilters = CarQueryConditions &
  CarScope & {
    /** Only cars whose latest price drop is this recent ('recently reduced'). */
    priceDroppedSince?: Date | undefined;
  };

/** What the conditions builder reads: the filters, the search words resolved into a tsquery, and the AI's colour. */
export type CarConditionInput = CarFilters & {
  tsquery?: string | undefined;
  /** The exterior colour (else the plain colour), any case; the AI reader's, not the list's. */
  color?: string | undefined;
};

/**
 * The filters a public list query asks for: its car query's, and for 'recently reduced' only the cars whose price
 * fell in the last PRICE_DROP_DAYS days (the sort orders by the drop, so a car without one has no place in it).
 */
export function carListFilters(
  query: CarQuery,
  now: Date,
): CarQueryConditions & Pick<CarFilters, 'priceDroppedSince'> {
  return {
    ...carQueryFilters(query),
    priceDroppedSince:
      query.sort === 'recently-reduced' ? new Date(now.getTime() - PRICE_DROP_DAYS * 86_400_000) : undefined,
  };
}

export function equalsIgnoringCase(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  return value ? sql`lower(${column}) = lower(${value})` : undefined;
}

/** LIKE patterns treat % and _ as wildcards; a model name is matched literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The one translation of a car query into SQL conditions, for the car list and the AI's candidates alike; the
 * catalogue index (car-catalogue-index.ts) is its mirror in memory, held to it by car-query-mirror.int.test.ts.
 *
 * - Choices match whatever letter case the listing was saved in (the make's is served by the lower(make) indexes).
 * - `model` is the model itself; with `modelFamily` (the AI reader's meaning) also the models it starts as a word
 *   ('Land Cruiser' takes 'Land Cruiser Prado').
 * - Bounds are inclusive, and 0 (or unset) is no bound. A price of 0 is 'Contact for price': it meets no price
 *   bound, so a buyer's maximum never brings in cars whose price is not known (a minimum never did).
 * - A car without seats meets no seats floor.
 * - Every list but a seller's own leaves out the cars of suspended accounts.
 */
export function carConditions(filters: CarConditionInput, options: { modelFamily?: boolean } = {}): SQL[] {
  const conditions = [
    equalsIgnoringCase(cars.make, filters.make),
    equalsIgnoringCase(cars.bodyType, filters.bodyType),
    equalsIgnoringCase(cars.fuelType, filters.fuelType),
    equalsIgnoringCase(cars.transmission, filters.transmission),
    equalsIgnoringCase(cars.condition, filters.condition),
  ].filter((condition): condition is SQL => condition !== undefined);
  if (filters.model) {
    conditions.push(
      options.modelFamily
        ? sql`(lower(${cars.model}) = lower(${filters.model}) or lower(${cars.model}) like ${`${likeLiteral(filters.model.toLowerCase())} %`})`
        : sql`lower(${cars.model}) = lower(${filters.model})`,
    );
  }
  if (filters.color)
    conditions.push(sql`lower(coalesce(${cars.exteriorColor}, ${cars.color}, '')) = lower(${filters.color})`);
  if (filters.minPrice) conditions.push(sql`${cars.price} >= ${filters.minPrice}`);
  if (filters.maxPrice) conditions.push(sql`${cars.price} > 0 and ${cars.price} <= ${filters.maxPrice}`);
  if (filters.minYear) conditions.push(sql`${cars.year} >= ${filters.minYear}`);
  if (filters.maxYear) conditions.push(sql`${cars.year} <= ${filters.maxYear}`);
  if (filters.maxMileage) conditions.push(sql`${cars.mileage} <= ${filters.maxMileage}`);
  if (filters.minSeats) conditions.push(sql`${cars.seats} >= ${filters.minSeats}`);
  if (filters.priceDroppedSince)
    conditions.push(sql`${cars.priceDroppedAt} >= ${filters.priceDroppedSince.toISOString()}::timestamptz`);
  if (filters.dealerId) conditions.push(eq(cars.dealerId, filters.dealerId));
  if (filters.sellerId) conditions.push(eq(cars.sellerId, filters.sellerId));
  if (filters.statuses) conditions.push(statusIn(filters.statuses));
  if (filters.sellerId === undefined) conditions.push(sellerNotSuspended);
  // One text-search condition, which the planner estimates and can combine with the other indexes.
  if (filters.tsquery)
    conditions.push(sql`${cars.searchDocument} @@ to_tsquery('simple', ${filters.tsquery})`);
  return conditions;
}

/**
 * The distinct values of make or model that satisfy `matches`, as an array for `column = any(...)`. The values are
 * walked one index probe each (a loose index scan of cars_make_idx / cars_model_idx), not read from every car, and
 * the array is computed once per statement, so the cars it names are then found through the same indexes.
 */
export function distinctValuesMatching(column: 'make' | 'model', matches: (value: SQL) => SQL): SQL {
  const name = sql.raw(`"${column}"`);
  return sql`array(
    with recursive walk(v) as (
      select min(${name}) from cars
      union all
      select (select min(${name}) from cars where ${name} > walk.v) from walk where walk.v is not null
    )
    select v from walk where v is not null and (${matches(sql`v`)})
  )`;
}

/**
 * Status literals rather than parameters: the partial indexes (WHERE status = 'active') serve a statement only when
 * the planner can read its status condition, which a prepared statement's generic plan cannot do with a parameter.
 * Statuses are the server's own constants, quoted anyway.
 */
export function statusIn(statuses: readonly string[]): SQL {
  const literals = statuses.map((status) => `'${status.replaceAll("'", "''")}'`).join(', ');
  return sql`${cars.status} in (${sql.raw(literals)})`;
}

/**
 * The listing is not hidden by moderation (cars.hidden_at, migration 0022) and the seller's account is not suspended:
 * a hidden listing, and a suspended account's listings, leave every public answer (the catalogue
 * index reads the same condition) and come back, untouched, when the suspension is lifted. A NOT IN over the few
 * suspended accounts is a hashed filter on whatever reads the cars, so a keyset page still walks its index in order
 * (NOT EXISTS became an anti-join that sorted the whole catalogue). users.id is never null, so NOT IN means what it
 * says.
 */
export const sellerNotSuspended: SQL = sql`${cars.hiddenAt} is null and ${cars.sellerId} not in (select suspended.id from users suspended where suspended.suspended_at is not null)`;
