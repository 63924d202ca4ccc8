import { describe, expect, it } from 'vitest';
import { EXTERIOR_COLOURS } from '../../cars/index.ts';
import { CAR_MAKES } from '../../cars/index.ts';
import { describeReading } from './describe-reading.ts';
import { compact, editDistance } from './fuzzy.ts';
import { CASES_CURRENT_YEAR, NL_SEARCH_CASES } from './nl-search.cases.ts';
import { readSearchQuery, tokenize } from './query-reader.ts';
import { modelChipLabel, modelFamilyNames } from './model-names.ts';
import { readCarSearch } from './read-car-search.ts';

// packages/core has no Node or DOM typings (it is pure); the test runner still has a console to print to.
declare const console: { log(message: string): void };

/** Filters compare equal when they hold the same keys and values, whatever the key order. */
function sameFilters(a: object, b: object): boolean {
  const canonical = (o: object) => JSON.stringify(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
}

const options = { catalogue: CAR_MAKES, colors: EXTERIOR_COLOURS, currentYear: CASES_CURRENT_YEAR };
const read = (query: string) => readSearchQuery(query, options);

describe('query reader accuracy', () => {
  it('reads every case of the set exactly (at least 150 queries)', () => {
    expect(NL_SEARCH_CASES.length).toBeGreaterThanOrEqual(150);
    const misread: string[] = [];
    for (const testCase of NL_SEARCH_CASES) {
      const reading = read(testCase.query);
      const softRight = (testCase.soft ?? []).every((s) => reading.soft.includes(s));
      if (!sameFilters(reading.filters, testCase.filters) || !softRight) {
        misread.push(`${testCase.query} -> ${JSON.stringify(reading)}`);
      }
    }
    const accuracy = (NL_SEARCH_CASES.length - misread.length) / NL_SEARCH_CASES.length;
    // Printed so that a run shows the figure, not only pass or fail.
    console.log(
      `nl-search accuracy: ${(accuracy * 100).toFixed(1)}% (${NL_SEARCH_CASES.length - misread.length}/${NL_SEARCH_CASES.length})` +
        (misread.length ? `\nmisread:\n  ${misread.join('\n  ')}` : ''),
    );
    expect(misread).toEqual([]);
  });

  it('reads the storefront e2e query, also through the catalogue-bound helper', () => {
    expect(readCarSearch('electric SUV under 900k').filters).toEqual(read('electric SUV under 900k').filters);
    expect(readCarSearch('last 2 years', new Date('2030-03-01T00:00:00Z')).filters).toEqual({
      minYear: 2028,
    });
    expect(read('electric SUV under 900k').filters).toEqual({
      bodyType: 'SUV',
      fuelType: 'Electric',
      maxPrice: 900_000,
    });
  });
});

describe('query reader details', () => {
  it('is deterministic and pure', () => {
    const query = 'used toyota hilux 2018 or newer under R450k';
    expect(read(query)).toEqual(read(query));
  });

  it('keeps words it cannot read and falls back to them for full-text search', () => {
    expect(read('hello world')).toEqual({
      filters: { search: 'hello world' },
      soft: [],
      unmatchedWords: ['hello', 'world'],
    });
    expect(read('toyota with sunroof').unmatchedWords).toEqual(['sunroof']);
    expect(read('toyota with sunroof').filters).toEqual({ make: 'Toyota' });
  });

  it('reads nothing from filler and an empty query', () => {
    expect(read('')).toEqual({ filters: {}, soft: [], unmatchedWords: [] });
    expect(read('I want a car please')).toEqual({ filters: {}, soft: [], unmatchedWords: [] });
  });

  it('does not take short everyday words for makes', () => {
    expect(read('commuting').filters).toEqual({ search: 'commuting' });
    expect(read('a watch').filters).toEqual({ search: 'watch' });
  });

  it('knows makes and models that only the inventory lists', () => {
    const catalogue = [...CAR_MAKES, { name: 'Lamborghini', models: [{ name: 'Urus' }] }];
    expect(readSearchQuery('lambo urus', { ...options, catalogue }).filters).toEqual({
      make: 'Lamborghini',
      model: 'Urus',
    });
  });

  it('reads a bare number of thousands as a price and small bare numbers as nothing', () => {
    expect(read('toyota 150000').filters).toEqual({ make: 'Toyota', maxPrice: 150_000 });
    expect(read('nissan 1400 bakkie').filters).toEqual({ make: 'Nissan', bodyType: 'Truck' });
  });

  it('reads how a car uses fuel as fuel economy, never as its price', () => {
    expect(read('cheap on petrol')).toEqual({ filters: {}, soft: ['fuel-efficient'], unmatchedWords: [] });
  });

  it('converts miles to kilometres', () => {
    expect(read('under 10,000 miles').filters).toEqual({ maxMileage: 16_000 });
  });

  it('reads around a price as 10% either side', () => {
    expect(read('around 500k').filters).toEqual({ minPrice: 450_000, maxPrice: 550_000 });
  });

  it('splits and normalises words', () => {
    expect(tokenize('Pre-owned  Mercedes-Benz, E1,200,000!')).toEqual([
      'pre',
      'owned',
      'mercedes',
      'benz',
      'e1,200,000',
    ]);
    expect(tokenize('2015-2020')).toEqual(['2015', '-', '2020']);
  });
});

describe('fuzzy matching', () => {
  it('counts swaps of neighbouring letters as one edit', () => {
    expect(editDistance('hybird', 'hybrid')).toBe(1);
    expect(editDistance('mercedez', 'mercedes')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('compacts names for comparison', () => {
    expect(compact('Land-Cruiser')).toBe(compact('landcruiser'));
    expect(compact('Citroën C3')).toBe('citroenc3');
  });
});

describe('insight sentence', () => {
  it('says what was understood in plain words', () => {
    expect(describeReading(read('electric SUV under 900k'))).toBe('Showing electric SUVs under E900,000');
    expect(describeReading(read('hello world'))).toBe('Showing cars matching "hello world"');
    expect(describeReading(read('cheap family car'))).toBe(
      'Showing cars, lower prices first, family-friendly cars first',
    );
    expect(describeReading(read('toyota between 2015 and 2018 under 80k km'), 'R')).toBe(
      'Showing Toyota from 2015 to 2018 with at most 80,000 km',
    );
  });
});

describe('model names as people say them', () => {
  const model = (query: string) => {
    const { make, model: name } = read(query).filters;
    return { make, model: name };
  };

  it("reads 'pajero' as the Pajero Sport, with or without its make, typos included", () => {
    for (const query of ['pajero', 'mitsubishi pajero', 'pajeor', 'mitsubishi pajro', 'pajero sport'])
      expect(model(query), query).toEqual({ make: 'Mitsubishi', model: 'Pajero Sport' });
    expect(read('mitsubishi pajero diesel').filters).toEqual({
      make: 'Mitsubishi',
      model: 'Pajero Sport',
      fuelType: 'Diesel',
    });
    expect(modelChipLabel('Mitsubishi', 'Pajero Sport')).toBe('Pajero Sport');
  });

  it("reads 'cruiser' as the Land Cruiser family, not the one Urban Cruiser", () => {
    for (const query of ['cruiser', 'toyota cruiser', 'toyota crusier', 'land cruser', 'landcruiser'])
      expect(model(query), query).toEqual({ make: 'Toyota', model: 'Land Cruiser' });
    expect(model('urban cruiser')).toEqual({ make: 'Toyota', model: 'Urban Cruiser' });
    expect(modelChipLabel('Toyota', 'Land Cruiser')).toBe('Land Cruiser: Prado, 300, 79');
  });

  it("reads 'polo' as the Polo family: Polo, Polo Vivo and Polo GTI", () => {
    for (const query of ['polo', 'vw polo', 'pollo', 'volkswagen polo'])
      expect(model(query), query).toEqual({ make: 'Volkswagen', model: 'Polo' });
    expect(model('polo vivo')).toEqual({ make: 'Volkswagen', model: 'Polo Vivo' });
    expect(modelFamilyNames('Volkswagen', 'Polo')).toEqual(['Polo Vivo', 'Polo', 'Polo GTI']);
    expect(modelChipLabel('Volkswagen', 'Polo')).toBe('Polo, Polo Vivo, Polo GTI');
  });

  it('never reads an everyday word as a model', () => {
    expect(read('diesel bakkie under 300 grand').filters).not.toHaveProperty('model');
  });
});
