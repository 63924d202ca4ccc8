import type { FilterKey, ReadFilters, RemovableReading, SoftPreference } from '@autoreel/core';
import { groupDigits, modelChipLabel } from '@autoreel/core';

/** What the search was read as, shown as a chip the buyer can remove: a filter or a preference. */
export interface SearchChip {
  /** What the chip stands for; a price or year range is one chip. */
  keys: readonly RemovableReading[];
  label: string;
  /** Let go to find near matches: the cars shown do not meet it. Set only then. */
  relaxed?: true;
}

const amount = (value: number) => `E${groupDigits(value)}`;

/** How each preference reads on its chip. */
export const SOFT_CHIP_LABELS: Readonly<Record<SoftPreference, string>> = {
  cheap: 'Affordable',
  family: 'Family friendly',
  spacious: 'Roomy',
  luxury: 'Premium',
  reliable: 'Reliable',
  'fuel-efficient': 'Good on fuel',
  sporty: 'Sporty',
  recent: 'Recent',
  small: 'Small',
  easy: 'Easy to drive',
  'long-trips': 'For long trips',
  rugged: 'Farm and rough roads',
  'ride-hailing': 'Ride-hailing',
};

/**
 * The chips of a reading, in the order a person reads a car: condition, colour, make, model, body, fuel,
 * gearbox, price, year, mileage, seats, then the preferences the results are ranked by. A range (min and max) is
 * one chip so removing it never leaves half a range. The model chip shows what the words were read as ('pajero' ->
 * 'Pajero Sport') and every model of a family ('Polo, Polo Vivo, Polo GTI'). A chip standing for a filter in
 * `relaxed` (let go to find near matches) is marked `relaxed`.
 */
export function searchChips(
  filters: ReadFilters,
  soft: readonly SoftPreference[] = [],
  relaxed: readonly FilterKey[] = [],
): SearchChip[] {
  const chips: SearchChip[] = [];
  const letGo = new Set<string>(relaxed);
  const add = (keys: RemovableReading[], label: string) => {
    // The make's chip also stands for its model; it is let go only when the make itself is.
    const own = keys[0] === 'make' ? ['make'] : keys;
    chips.push(own.some((key) => letGo.has(key)) ? { keys, label, relaxed: true } : { keys, label });
  };
  if (filters.condition) add(['condition'], filters.condition);
  if (filters.color) add(['color'], filters.color);
  // A model belongs to its make: without the make the model would bring it straight back.
  if (filters.make) add(filters.model ? ['make', 'model'] : ['make'], filters.make);
  if (filters.model) add(['model'], modelChipLabel(filters.make, filters.model));
  if (filters.bodyType)
    add(['bodyType'], filters.bodyType === 'Truck' ? 'Bakkie / Pickup' : filters.bodyType);
  if (filters.fuelType) add(['fuelType'], filters.fuelType);
  if (filters.transmission) add(['transmission'], filters.transmission);
  const { minPrice, maxPrice, minYear, maxYear, maxMileage, minSeats } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) {
    add(['minPrice', 'maxPrice'], `${amount(minPrice)} - ${amount(maxPrice)}`);
  } else if (maxPrice !== undefined) add(['maxPrice'], `Under ${amount(maxPrice)}`);
  else if (minPrice !== undefined) add(['minPrice'], `From ${amount(minPrice)}`);
  if (minYear !== undefined && maxYear !== undefined) {
    add(['minYear', 'maxYear'], minYear === maxYear ? `${minYear}` : `${minYear} - ${maxYear}`);
  } else if (minYear !== undefined) add(['minYear'], `${minYear} or newer`);
  else if (maxYear !== undefined) add(['maxYear'], `${maxYear} or older`);
  if (maxMileage !== undefined) add(['maxMileage'], `Under ${groupDigits(maxMileage)} km`);
  if (minSeats !== undefined) add(['minSeats'], `${minSeats}+ seats`);
  if (filters.search) add(['search'], `"${filters.search}"`);
  for (const preference of soft) add([preference], SOFT_CHIP_LABELS[preference]);
  return chips;
}
