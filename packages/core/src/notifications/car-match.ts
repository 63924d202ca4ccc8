import { applyCarFilters } from '../cars/index.ts';
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

/**
 * Whether a car matches a saved search's filters: the same rules as the car list's filters (applyCarFilters:
 * case-insensitive text, inclusive bounds), the condition, and every word of the free text in the car's
 * make, model, colours, description or features (the list's full-text document).
 */
export function carMatchesFilters(car: AlertableCar, filters: Partial<SavedSearchFilters>): boolean {
  if (applyCarFilters([car], filters).length === 0) return false;
  if (filters.condition && car.condition.toLowerCase() !== filters.condition.toLowerCase()) return false;
  if (filters.search) {
    const text = [car.make, car.model, car.exteriorColor, car.color, car.description, ...car.features]
      .join(' ')
      .toLowerCase();
    if (!wordsOf(filters.search).every((word) => text.includes(word))) return false;
  }
  return true;
}
