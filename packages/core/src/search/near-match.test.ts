import { describe, expect, it } from 'vitest';
import { relaxations, withoutFilters } from './near-match.ts';

describe('relaxations', () => {
  it('lets one filter go at a time, least telling first, then more together; the model before the make', () => {
    expect(relaxations({ make: 'Mitsubishi', model: 'Pajero Sport', fuelType: 'Diesel' })).toEqual([
      ['fuelType'],
      ['model'],
      ['fuelType', 'model'],
    ]);
  });

  it('never lets the make go while its model stands, nor everything at once', () => {
    const tries = relaxations({ make: 'Toyota', model: 'Corolla' });
    expect(tries).toEqual([['model']]);
    expect(relaxations({ make: 'Toyota' })).toEqual([]);
    expect(relaxations({ make: 'Toyota', bodyType: 'SUV' })).toEqual([['bodyType'], ['make']]);
  });

  it('keeps a range together and never loosens a full-text search', () => {
    expect(relaxations({ minYear: 2018, maxYear: 2020, color: 'Red' })).toEqual([
      ['color'],
      ['minYear', 'maxYear'],
    ]);
    expect(relaxations({ search: 'towbar' })).toEqual([]);
  });

  it('drops the keys let go', () => {
    expect(withoutFilters({ make: 'Toyota', model: 'Hilux', fuelType: 'Diesel' }, ['model'])).toEqual({
      make: 'Toyota',
      fuelType: 'Diesel',
    });
  });
});
