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
