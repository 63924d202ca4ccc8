import { CAR_NUMBER_FILTERS, CAR_TEXT_FILTERS } from '../../cars/index.ts';
import type { QueryReading, ReadFilters } from './query-reader.ts';
import { SOFT_PREFERENCES, type SoftPreference } from './vocabulary.ts';

/** Every filter a reading may hold, as the chips and the search request name them: the list filters and more. */
export const READ_FILTER_KEYS = [
  ...CAR_TEXT_FILTERS,
  ...CAR_NUMBER_FILTERS,
  'color',
] as const satisfies readonly (keyof ReadFilters)[];

/** What a buyer can take out of a reading: one of its filters or one of its preferences. */
export const REMOVABLE_READINGS = [...READ_FILTER_KEYS, ...SOFT_PREFERENCES] as const;
export type RemovableReading = (typeof REMOVABLE_READINGS)[number];

/**
 * The reading without what the buyer removed. The query text stays as typed and is read again on every
 * search, so a removed chip is dropped after reading rather than written out of the text, and can never
 * come back from a word the reader still sees.
 */
export function withoutRemoved(reading: QueryReading, removed: readonly RemovableReading[]): QueryReading {
  if (removed.length === 0) return reading;
  const gone = new Set<string>(removed);
  const filters: ReadFilters = { ...reading.filters };
  for (const key of READ_FILTER_KEYS) if (gone.has(key)) delete filters[key];
  const soft = reading.soft.filter((preference: SoftPreference) => !gone.has(preference));
  return { ...reading, filters, soft };
}
