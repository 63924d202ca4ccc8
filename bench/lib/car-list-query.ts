import { CAR_NUMBER_FILTERS, CAR_TEXT_FILTERS, type CarSort } from '@autoreel/core';
import type { CarFilters } from '../../apps/api/src/cars/car.repository.ts';
import { PUBLIC_STATUSES } from '../../apps/api/src/cars/car.service.ts';

/**
 * A /api/cars query string read straight into the repository's filters and sort, with no validation (the floor).
 * The car query's own lists of filters name the fields, so a new filter is read here too.
 */
export function carListQuery(q: Record<string, string | undefined>): { filters: CarFilters; sort: CarSort } {
  const filters: Record<string, string | number | string[] | undefined> = { statuses: PUBLIC_STATUSES };
  for (const key of CAR_TEXT_FILTERS) filters[key] = q[key] || undefined;
  for (const key of CAR_NUMBER_FILTERS) filters[key] = q[key] ? Number(q[key]) : undefined;
  return { sort: (q['sort'] ?? 'newest') as CarSort, filters };
}
