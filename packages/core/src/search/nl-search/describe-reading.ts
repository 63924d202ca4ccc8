import type { BodyType, Condition } from '../../cars/index.ts';
import type { QueryReading } from './query-reader.ts';
import type { SoftPreference } from './vocabulary.ts';
import { groupDigits } from '../../text/index.ts';

const BODY_PLURALS: Readonly<Record<BodyType, string>> = {
  Sedan: 'sedans',
  SUV: 'SUVs',
  Hatchback: 'hatchbacks',
  Coupe: 'coupes',
  Convertible: 'convertibles',
  Wagon: 'wagons',
  Truck: 'trucks',
};

const CONDITION_WORDS: Readonly<Record<Condition, string>> = {
  New: 'new',
  Used: 'used',
  'Certified Pre-Owned': 'certified pre-owned',
};

const SOFT_PHRASES: Readonly<Record<SoftPreference, string>> = {
  cheap: 'lower prices first',
  family: 'family-friendly cars first',
  luxury: 'premium makes first',
  reliable: 'reliable makes first',
  'fuel-efficient': 'fuel-efficient cars first',
  sporty: 'sporty cars first',
  recent: 'newer cars first',
  spacious: 'roomy cars first',
  small: 'small cars first',
  easy: 'easy cars to drive first',
  'long-trips': 'cars for long trips first',
  rugged: 'bakkies and 4x4s first',
  'ride-hailing': 'cars that suit ride-hailing first',
};

function money(symbol: string, value: number): string {
  return `${symbol}${groupDigits(value)}`;
}

/**
 * One plain sentence of what a query was read as, e.g. 'Showing electric SUVs under E900,000'. Built only from
 * the reading, so it never claims more than the filters do.
 */
export function describeReading(reading: QueryReading, currencySymbol = 'E'): string {
  const { filters, soft } = reading;
  if (filters.search !== undefined) return `Showing cars matching "${filters.search}"`;
  const words: string[] = [];
  if (filters.condition) words.push(CONDITION_WORDS[filters.condition]);
  if (filters.color) words.push(filters.color.toLowerCase());
  if (filters.fuelType) words.push(filters.fuelType.toLowerCase());
  if (filters.transmission) words.push(filters.transmission.toLowerCase());
  if (filters.make) words.push(filters.make);
  if (filters.model && filters.model !== filters.make) words.push(filters.model);
  words.push(filters.bodyType ? BODY_PLURALS[filters.bodyType] : filters.make || filters.model ? '' : 'cars');
  const parts = [words.filter(Boolean).join(' ')];
  const { minPrice, maxPrice, minYear, maxYear, maxMileage } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) {
    parts.push(`between ${money(currencySymbol, minPrice)} and ${money(currencySymbol, maxPrice)}`);
  } else if (maxPrice !== undefined) parts.push(`under ${money(currencySymbol, maxPrice)}`);
  else if (minPrice !== undefined) parts.push(`from ${money(currencySymbol, minPrice)}`);
  if (minYear !== undefined && minYear === maxYear) parts.push(`from ${minYear}`);
  else if (minYear !== undefined && maxYear !== undefined) parts.push(`from ${minYear} to ${maxYear}`);
  else if (minYear !== undefined) parts.push(`from ${minYear} or newer`);
  else if (maxYear !== undefined) parts.push(`from ${maxYear} or older`);
  if (maxMileage !== undefined) parts.push(`with at most ${groupDigits(maxMileage)} km`);
  if (filters.minSeats !== undefined) parts.push(`with ${filters.minSeats} or more seats`);
  let sentence = `Showing ${parts.join(' ')}`;
  if (soft.length) sentence += `, ${soft.map((s) => SOFT_PHRASES[s]).join(', ')}`;
  return sentence;
}
