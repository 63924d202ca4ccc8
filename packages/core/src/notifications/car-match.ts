import type { SavedSearchFilters } from './saved-search.ts';

/** What the matcher reads of a car: the columns the car list filters on. */
export interface AlertableCar {
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
  description: string;
  features: readonly string[];
  exteriorColor?: string | null;
  color?: string | null;
}

/** The free-text words of a search, lower-cased; each must appear in the car's text. */
function wordsOf(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

const CHOICES = ['make', 'model', 'bodyType', 'fuelType', 'transmission', 'condition'] as const;

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Inclusive bounds, where 0 or unset is no bound. */
function within(value: number, min: number | undefined, max: number | undefined): boolean {
  return (!min || value >= min) && (!max || value <= max);
}

/**
 * Whether a car matches a saved search's filters, by the car list's own rules (the API's carConditions): choices
 * in any letter case, inclusive bounds where 0 is none, a price of 0 ('Contact for price') meeting no price bound,
 * and every word of the free text in the car's make, model, colours, description or features (the list's
 * full-text document).
 */
export function carMatchesFilters(car: AlertableCar, filters: Partial<SavedSearchFilters>): boolean {
  for (const key of CHOICES) {
    const wanted = filters[key];
    if (wanted && !sameText(car[key], wanted)) return false;
  }
  if ((filters.minPrice || filters.maxPrice) && car.price === 0) return false;
  if (!within(car.price, filters.minPrice, filters.maxPrice)) return false;
  if (!within(car.year, filters.minYear, filters.maxYear)) return false;
  if (!within(car.mileage, undefined, filters.maxMileage)) return false;
  if (!within(car.seats, filters.minSeats, undefined)) return false;
  if (filters.search) {
    const text = [car.make, car.model, car.exteriorColor, car.color, car.description, ...car.features]
      .join(' ')
      .toLowerCase();
    if (!wordsOf(filters.search).every((word) => text.includes(word))) return false;
  }
  return true;
}
