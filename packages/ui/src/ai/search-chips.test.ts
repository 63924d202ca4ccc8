import { describe, expect, it } from 'vitest';
import { readCarSearch, withoutRemoved } from '@autoreel/core';
import { CASES_CURRENT_YEAR, NL_SEARCH_CASES } from '@autoreel/core/search/nl-search-cases';
import { searchChips } from './search-chips.ts';

const now = new Date(Date.UTC(CASES_CURRENT_YEAR, 5, 1));
const read = (query: string) => readCarSearch(query, now);

describe('searchChips', () => {
  it("reads 'electric SUV under 900k' as three chips", () => {
    expect(searchChips(read('electric SUV under 900k').filters).map((c) => c.label)).toEqual([
      'SUV',
      'Electric',
      'Under E900,000',
    ]);
  });

  it('makes one chip of a range', () => {
    const chips = searchChips({ minPrice: 300_000, maxPrice: 500_000, minYear: 2018, maxYear: 2018 });
    expect(chips).toEqual([
      { keys: ['minPrice', 'maxPrice'], label: 'E300,000 - E500,000' },
      { keys: ['minYear', 'maxYear'], label: '2018' },
    ]);
  });

  it('shows seats, a bakkie and the preferences understood', () => {
    const first = read('cheap first car for a new driver');
    expect(searchChips(first.filters, first.soft).map((c) => c.label)).toEqual([
      'Affordable',
      'Small',
      'Easy to drive',
    ]);
    const farm = read('bakkie for a family of six');
    expect(searchChips(farm.filters, farm.soft).map((c) => c.label)).toEqual([
      'Bakkie / Pickup',
      '7+ seats',
      'Family friendly',
    ]);
  });

  it('never brings a removed chip back, whatever the words, for every case', () => {
    const returned: string[] = [];
    for (const { query } of NL_SEARCH_CASES) {
      const reading = read(query);
      for (const chip of searchChips(reading.filters, reading.soft)) {
        const again = withoutRemoved(read(query), chip.keys);
        const left = searchChips(again.filters, again.soft).map((c) => c.label);
        if (left.includes(chip.label)) returned.push(`${query} -${chip.label}`);
        // Every other chip stays.
        const others = searchChips(reading.filters, reading.soft).filter((c) => c !== chip);
        for (const other of others) {
          if (other.keys.some((key) => chip.keys.includes(key))) continue;
          if (!left.includes(other.label)) returned.push(`${query} lost ${other.label}`);
        }
      }
    }
    expect(returned).toEqual([]);
  });
});

describe('searchChips: names and near matches', () => {
  it("shows the model as read: 'pajero' is the Pajero Sport, 'polo' the Polo family", () => {
    expect(searchChips(read('mitsubishi pajero diesel').filters).map((c) => c.label)).toEqual([
      'Mitsubishi',
      'Pajero Sport',
      'Diesel',
    ]);
    expect(searchChips(read('polo').filters).map((c) => c.label)).toEqual([
      'Volkswagen',
      'Polo, Polo Vivo, Polo GTI',
    ]);
    expect(searchChips(read('cruiser').filters).map((c) => c.label)).toEqual([
      'Toyota',
      'Land Cruiser: Prado, 300, 79',
    ]);
  });

  it('marks the chips let go for near matches, and the make only when the make itself was', () => {
    const filters = { make: 'Mitsubishi', model: 'Pajero Sport', fuelType: 'Diesel' as const };
    expect(searchChips(filters, [], ['model']).map((c) => [c.label, c.relaxed ?? false])).toEqual([
      ['Mitsubishi', false],
      ['Pajero Sport', true],
      ['Diesel', false],
    ]);
  });
});
