/** Client-side car filters and sorting (SPEC 5 'Client-side car filters', SPEC 4 'Likes and feed', SPEC 9). */
import type { CarSort } from './car-options.ts';
import { pluralWord } from '../text/index.ts';
import { parseNumberInput } from './number-input.ts';

export interface FilterableCar {
  make?: string | null;
  model?: string | null;
  fuelType?: string | null;
  transmission?: string | null;
  bodyType?: string | null;
  price?: number | null;
  year?: number | null;
  mileage?: number | null;
  seats?: number | null;
  createdAt?: string | Date | null;
  priceDrop?: { at: string | Date } | null;
}

type FilterValue = string | number | null | undefined;

/** Filters as a form holds them: number inputs may still be text. */
export interface CarFilterInput {
  make?: string | null;
  model?: string | null;
  fuelType?: string | null;
  transmission?: string | null;
  bodyType?: string | null;
  minPrice?: FilterValue;
  maxPrice?: FilterValue;
  minYear?: FilterValue;
  maxYear?: FilterValue;
  maxMileage?: FilterValue;
  /** At least this many seats. */
  minSeats?: FilterValue;
}

export const EQUALITY_FILTERS = ['make', 'model', 'fuelType', 'transmission', 'bodyType'] as const;
export const BOUND_FILTERS = [
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'minSeats',
] as const;

type EqualityKey = (typeof EQUALITY_FILTERS)[number];
type BoundKey = (typeof BOUND_FILTERS)[number];

/** Only the filters in force, with numbers parsed. */
export type ActiveCarFilters = Partial<Record<EqualityKey, string> & Record<BoundKey, number>>;

/** Drops cleared filters: empty text, and for number inputs empty, 0 or not a number (SPEC 2 'Filter panel'). */
export function normaliseFilters(filters: CarFilterInput): ActiveCarFilters {
  const active: ActiveCarFilters = {};
  for (const key of EQUALITY_FILTERS) {
    const value = filters[key]?.trim();
    if (value) active[key] = value;
  }
  for (const key of BOUND_FILTERS) {
    const value = parseNumberInput(filters[key]);
    if (value !== null && value !== 0) active[key] = value;
  }
  return active;
}

export function countActiveFilters(filters: CarFilterInput): number {
  return Object.keys(normaliseFilters(filters)).length;
}

function sameText(a: string | null | undefined, b: string): boolean {
  return (a ?? '').trim().toLowerCase() === b.toLowerCase();
}

function within(value: number | null | undefined, min: number | undefined, max: number | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  // A car with no value cannot be shown to satisfy an active bound, so it is left out.
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/**
 * Cars matching every active filter. Text filters compare case-insensitively ('suv' equals 'SUV') because
 * catalogue values and stored values do not always share a case. Bounds are inclusive.
 */
export function applyCarFilters<C extends FilterableCar>(cars: readonly C[], filters: CarFilterInput): C[] {
  const f = normaliseFilters(filters);
  return cars.filter(
    (car) =>
      EQUALITY_FILTERS.every((key) => {
        const wanted = f[key];
        return wanted === undefined || sameText(car[key], wanted);
      }) &&
      within(car.price, f.minPrice, f.maxPrice) &&
      within(car.year, f.minYear, f.maxYear) &&
      within(car.mileage, undefined, f.maxMileage) &&
      within(car.seats, f.minSeats, undefined),
  );
}

/** The feed banner; null when nothing was filtered out. */
export function filtersBanner(shown: number, total: number): string | null {
  return shown === total
    ? null
    : `Showing ${shown} of ${total} ${pluralWord(total, 'car')}, Filters are active`;
}

function timeOf(value: string | Date | null | undefined): number | null {
  if (value == null) return null;
  const t = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isFinite(t) ? t : null;
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A price of 0 means 'Contact for price', so it sorts with the missing ones rather than as the cheapest. */
function priceOf(car: FilterableCar): number | null {
  const price = finite(car.price);
  return price !== null && price > 0 ? price : null;
}

const sortKeys: Record<CarSort, { key: (car: FilterableCar) => number | null; descending: boolean }> = {
  newest: { key: (car) => timeOf(car.createdAt), descending: true },
  'price-low': { key: priceOf, descending: false },
  'price-high': { key: priceOf, descending: true },
  mileage: { key: (car) => finite(car.mileage), descending: false },
  'recently-reduced': { key: (car) => timeOf(car.priceDrop?.at), descending: true },
};

/** A sorted copy; ties keep their order and cars missing the sort value go last. */
export function sortCars<C extends FilterableCar>(cars: readonly C[], sort: CarSort): C[] {
  const { key, descending } = sortKeys[sort];
  return [...cars].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
    return descending ? kb - ka : ka - kb;
  });
}
