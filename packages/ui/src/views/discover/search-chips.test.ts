import { describe, expect, it } from 'vitest';
import { readCarSearch } from '@autoreel/core';
import { CASES_CURRENT_YEAR, NL_SEARCH_CASES } from '@autoreel/core/nl-search/nl-search.cases';
import { composeSearchQuery, searchChips, withoutChip } from './search-chips.ts';

const now = new Date(Date.UTC(CASES_CURRENT_YEAR, 5, 1));
const read = (query: string) => readCarSearch(query, now);
const canonical = (value: object) =>
  JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

describe('composeSearchQuery', () => {
  it('writes a query the reader reads back as the same filters and preferences, for every case', () => {
    const misread: string[] = [];
    for (const { query } of NL_SEARCH_CASES) {
      const reading = read(query);
      const again = read(composeSearchQuery(reading.filters, reading.soft));
      if (canonical(again.filters) !== canonical(reading.filters)) misread.push(query);
      expect(again.soft.slice().sort(), query).toEqual(expect.arrayContaining(reading.soft.slice().sort()));
    }
    expect(misread).toEqual([]);
  });

  it('drops exactly one chip: the rest of the reading stays', () => {
    const dropped: string[] = [];
    for (const { query } of NL_SEARCH_CASES) {
      const { filters, soft } = read(query);
      for (const chip of searchChips(filters)) {
        const rest = withoutChip(filters, chip);
        if (rest.search !== undefined) continue;
        const again = read(composeSearchQuery(rest, soft)).filters;
        const keys = Object.keys(rest) as (keyof typeof rest)[];
        if (keys.some((key) => again[key] !== rest[key]) || chip.keys.some((key) => key in again)) {
          dropped.push(`${query} -${chip.label}`);
        }
      }
    }
    expect(dropped).toEqual([]);
  });

  it("reads 'electric SUV under 900k' as three chips", () => {
    expect(searchChips(read('electric SUV under 900k').filters).map((c) => c.label)).toEqual([
      'SUV',
      'Electric',
      'Under E900,000',
    ]);
    expect(composeSearchQuery({ bodyType: 'SUV', fuelType: 'Electric' })).toBe('electric suv');
  });

  it('makes one chip of a range', () => {
    const chips = searchChips({ minPrice: 300_000, maxPrice: 500_000, minYear: 2018, maxYear: 2018 });
    expect(chips).toEqual([
      { keys: ['minPrice', 'maxPrice'], label: 'E300,000 - E500,000' },
      { keys: ['minYear', 'maxYear'], label: '2018' },
    ]);
  });
});
