import type { ReadFilters, SoftPreference } from '@autoreel/core';

/** A filter the search was read as, shown as a chip the buyer can remove. */
export interface SearchChip {
  /** The filter fields the chip stands for; a price or year range is one chip. */
  keys: readonly (keyof ReadFilters)[];
  label: string;
}

const amount = (value: number) => `E${value.toLocaleString('en-US')}`;

/**
 * The chips of a reading, in the order a person reads a car: condition, colour, make, model, body, fuel,
 * gearbox, price, year, mileage. A range (min and max) is one chip so removing it never leaves half a range.
 */
export function searchChips(filters: ReadFilters): SearchChip[] {
  const chips: SearchChip[] = [];
  const add = (keys: (keyof ReadFilters)[], label: string) => chips.push({ keys, label });
  if (filters.condition) add(['condition'], filters.condition);
  if (filters.color) add(['color'], filters.color);
  // A model belongs to its make: without the make the model would bring it straight back.
  if (filters.make) add(filters.model ? ['make', 'model'] : ['make'], filters.make);
  if (filters.model) add(['model'], filters.model);
  if (filters.bodyType) add(['bodyType'], filters.bodyType);
  if (filters.fuelType) add(['fuelType'], filters.fuelType);
  if (filters.transmission) add(['transmission'], filters.transmission);
  const { minPrice, maxPrice, minYear, maxYear, maxMileage } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) {
    add(['minPrice', 'maxPrice'], `${amount(minPrice)} - ${amount(maxPrice)}`);
  } else if (maxPrice !== undefined) add(['maxPrice'], `Under ${amount(maxPrice)}`);
  else if (minPrice !== undefined) add(['minPrice'], `From ${amount(minPrice)}`);
  if (minYear !== undefined && maxYear !== undefined) {
    add(['minYear', 'maxYear'], minYear === maxYear ? `${minYear}` : `${minYear} - ${maxYear}`);
  } else if (minYear !== undefined) add(['minYear'], `${minYear} or newer`);
  else if (maxYear !== undefined) add(['maxYear'], `${maxYear} or older`);
  if (maxMileage !== undefined) add(['maxMileage'], `Under ${maxMileage.toLocaleString('en-US')} km`);
  if (filters.search) add(['search'], `"${filters.search}"`);
  return chips;
}

/** The word the reader takes back for each soft preference. */
const SOFT_WORD: Readonly<Record<SoftPreference, string>> = {
  cheap: 'cheap',
  family: 'family',
  spacious: 'spacious',
  luxury: 'luxury',
  reliable: 'reliable',
  'fuel-efficient': 'fuel efficient',
  sporty: 'sporty',
  recent: 'recent',
};

/**
 * A query the reader (core nl-search) reads back as exactly `filters` plus the soft preferences. The search API
 * takes only {query}, so removing a chip re-runs the search with the query written from the chips left.
 */
export function composeSearchQuery(
  filters: ReadFilters,
  soft: readonly SoftPreference[] = [],
  extraWords: readonly string[] = [],
): string {
  const words: string[] = [];
  if (filters.condition) words.push(filters.condition.toLowerCase());
  if (filters.color) words.push(filters.color.toLowerCase());
  if (filters.make) words.push(filters.make);
  if (filters.model) words.push(filters.model);
  if (filters.fuelType) words.push(filters.fuelType.toLowerCase());
  if (filters.transmission) words.push(filters.transmission.toLowerCase());
  if (filters.bodyType) words.push(filters.bodyType.toLowerCase());
  const { minPrice, maxPrice, minYear, maxYear, maxMileage } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) {
    words.push(`between E${minPrice} and E${maxPrice}`);
  } else if (maxPrice !== undefined) words.push(`under E${maxPrice}`);
  else if (minPrice !== undefined) words.push(`from E${minPrice}`);
  if (minYear !== undefined && maxYear !== undefined) {
    words.push(minYear === maxYear ? `${minYear} model` : `between ${minYear} and ${maxYear}`);
  } else if (minYear !== undefined) words.push(`from ${minYear}`);
  else if (maxYear !== undefined) words.push(`up to ${maxYear}`);
  if (maxMileage !== undefined) words.push(`under ${maxMileage} km`);
  words.push(...soft.map((preference) => SOFT_WORD[preference]));
  if (filters.search) words.push(filters.search);
  words.push(...extraWords);
  return words.join(' ').trim();
}

/** The filters without the chip's fields. */
export function withoutChip(filters: ReadFilters, chip: SearchChip): ReadFilters {
  const next: ReadFilters = { ...filters };
  for (const key of chip.keys) delete next[key];
  return next;
}
