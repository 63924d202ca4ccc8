import type { CarFilters, CarSort } from '../../apps/api/src/cars/car.repository.ts';
import { PUBLIC_STATUSES } from '../../apps/api/src/cars/car.service.ts';

/** A /api/cars query string read straight into the repository's filters and sort, with no validation (the floor). */
export function carListQuery(q: Record<string, string | undefined>): { filters: CarFilters; sort: CarSort } {
  const number = (key: string) => (q[key] ? Number(q[key]) : undefined);
  return {
    sort: (q['sort'] ?? 'newest') as CarSort,
    filters: {
      make: q['make'],
      model: q['model'],
      bodyType: q['bodyType'],
      fuelType: q['fuelType'],
      transmission: q['transmission'],
      condition: q['condition'],
      minPrice: number('minPrice'),
      maxPrice: number('maxPrice'),
      minYear: number('minYear'),
      maxYear: number('maxYear'),
      maxMileage: number('maxMileage'),
      search: q['search'],
      statuses: PUBLIC_STATUSES,
    },
  };
}
