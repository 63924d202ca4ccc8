/**
 * Honest near matches: when no car meets every filter a search was read as, the search lets the fewest, least
 * telling filters go and says which (`relaxed`), so the page can say 'No exact match' and mark those chips. A named
 * make is kept whenever anything else can be let go instead, and a model is only let go before the make.
 */
import type { ReadFilters } from './nl-search/query-reader.ts';
import type { READ_FILTER_KEYS } from './nl-search/without-removed.ts';

export type FilterKey = (typeof READ_FILTER_KEYS)[number];

/**
 * The filters a near match may let go, least telling first, each group let go together (a range is one). The
 * make and model come last: a buyer who names a car wants that car before any colour or gearbox.
 */
export const RELAX_ORDER: readonly (readonly FilterKey[])[] = [
  ['color'],
  ['transmission'],
  ['condition'],
  ['maxMileage'],
  ['minYear', 'maxYear'],
  ['fuelType'],
  ['bodyType'],
  ['minSeats'],
  ['minPrice', 'maxPrice'],
  ['model'],
  ['make'],
];

/**
 * The ways to loosen `filters`, to be tried in turn until one finds cars: first each group alone (in RELAX_ORDER),
 * then the groups together, adding them in that order. Each answer lists the keys it lets go that the filters
 * hold. The make is let go only with the model and only while another filter still stands, so a near match never
 * turns into 'any car'. A full-text search (`search`) is never loosened.
 */
export function relaxations(filters: ReadFilters): FilterKey[][] {
  if (filters.search !== undefined) return [];
  const held = RELAX_ORDER.map((group) => group.filter((key) => filters[key] !== undefined)).filter(
    (group) => group.length > 0,
  );
  const all = held.flat();
  const standing = (gone: readonly FilterKey[]) => all.some((key) => !gone.includes(key));
  const allowed = (gone: FilterKey[]) =>
    standing(gone) && (!gone.includes('make') || filters.model === undefined || gone.includes('model'));
  const tries: FilterKey[][] = [];
  const seen = new Set<string>();
  const add = (gone: FilterKey[]) => {
    const key = gone.join(',');
    if (gone.length === 0 || seen.has(key) || !allowed(gone)) return;
    seen.add(key);
    tries.push(gone);
  };
  for (const group of held) add([...group]);
  const together: FilterKey[] = [];
  for (const group of held) {
    together.push(...group);
    add([...together]);
  }
  return tries;
}

/** The filters without the keys let go. */
export function withoutFilters(filters: ReadFilters, gone: readonly FilterKey[]): ReadFilters {
  const kept: ReadFilters = { ...filters };
  for (const key of gone) delete kept[key];
  return kept;
}
