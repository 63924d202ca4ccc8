import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cars } from '../db/schema/index.ts';

/** The choice filters every car query shares; each matches whatever letter case the listing was saved in. */
export interface CarChoiceFilters {
  make?: string | undefined;
  bodyType?: string | undefined;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  condition?: string | undefined;
}

export function equalsIgnoringCase(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  return value ? sql`lower(${column}) = lower(${value})` : undefined;
}

/** One condition per choice filter that is set (the make's is served by the lower(make) indexes). */
export function choiceConditions(filters: CarChoiceFilters): SQL[] {
  return [
    equalsIgnoringCase(cars.make, filters.make),
    equalsIgnoringCase(cars.bodyType, filters.bodyType),
    equalsIgnoringCase(cars.fuelType, filters.fuelType),
    equalsIgnoringCase(cars.transmission, filters.transmission),
    equalsIgnoringCase(cars.condition, filters.condition),
  ].filter((condition): condition is SQL => condition !== undefined);
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
 * The seller's account is not suspended: a suspended account's listings leave every public answer (the catalogue
 * index reads the same condition) and come back, untouched, when the suspension is lifted. Written out qualified
 * so that it reads the car of whichever statement it is put in.
 */
export const sellerNotSuspended: SQL = sql`not exists (select 1 from users seller where seller.id = ${cars.sellerId} and seller.suspended_at is not null)`;
