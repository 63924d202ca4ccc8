import { describe, expect, it } from 'vitest';
import type { FilterableCar } from './car-filters.ts';
import { CAR_SORTS } from './car-options.ts';
import {
  applyCarFilters,
  countActiveFilters,
  filtersBanner,
  normaliseFilters,
  sortCars,
} from './car-filters.ts';

const corolla = {
  id: 'corolla',
  make: 'Toyota',
  model: 'Corolla',
  fuelType: 'Petrol',
  transmission: 'Manual',
  bodyType: 'Sedan',
  price: 250000,
  year: 2018,
  mileage: 90000,
  createdAt: '2026-01-01T00:00:00Z',
};
const rav4 = {
  id: 'rav4',
  make: 'Toyota',
  model: 'RAV4',
  fuelType: 'Hybrid',
  transmission: 'Automatic',
  bodyType: 'SUV',
  price: 600000,
  year: 2023,
  mileage: 15000,
  createdAt: '2026-03-01T00:00:00Z',
};
const x5 = {
  id: 'x5',
  make: 'BMW',
  model: 'X5',
  fuelType: 'Diesel',
  transmission: 'Automatic',
  bodyType: 'SUV',
  price: 0,
  year: 2020,
  mileage: null,
  createdAt: null,
};
const cars = [corolla, rav4, x5];
const ids = (list: { id: string }[]) => list.map((car) => car.id);

describe('normaliseFilters', () => {
  it('drops empty, 0 and unparsable values', () => {
    expect(
      normaliseFilters({
        make: ' ',
        model: '',
        minPrice: 0,
        maxPrice: '',
        minYear: '0',
        maxYear: 'abc',
        maxMileage: null,
      }),
    ).toEqual({});
    expect(normaliseFilters({})).toEqual({});
  });

  it('keeps and parses the others', () => {
    expect(
      normaliseFilters({ make: ' Toyota ', minPrice: '100,000', maxYear: 2024, maxMileage: '50000' }),
    ).toEqual({
      make: 'Toyota',
      minPrice: 100000,
      maxYear: 2024,
      maxMileage: 50000,
    });
  });

  it('counts active filters', () => {
    expect(countActiveFilters({ make: 'BMW', bodyType: '', minPrice: 0, maxPrice: 1 })).toBe(2);
    expect(countActiveFilters({})).toBe(0);
  });
});

describe('applyCarFilters', () => {
  it('keeps all cars with no filters', () => {
    expect(ids(applyCarFilters(cars, {}))).toEqual(['corolla', 'rav4', 'x5']);
    expect(ids(applyCarFilters(cars, { make: '', maxPrice: 0 }))).toEqual(['corolla', 'rav4', 'x5']);
  });

  it('requires equal text fields, any case', () => {
    expect(ids(applyCarFilters(cars, { make: 'toyota' }))).toEqual(['corolla', 'rav4']);
    expect(ids(applyCarFilters(cars, { model: 'RAV4' }))).toEqual(['rav4']);
    expect(ids(applyCarFilters(cars, { fuelType: 'Diesel' }))).toEqual(['x5']);
    expect(ids(applyCarFilters(cars, { transmission: 'Automatic', bodyType: 'SUV' }))).toEqual([
      'rav4',
      'x5',
    ]);
    expect(ids(applyCarFilters(cars, { make: 'Toy' }))).toEqual([]);
    expect(ids(applyCarFilters([{ id: 'bare', make: null }], { make: 'Toyota' }))).toEqual([]);
  });

  it('applies inclusive price bounds and leaves unpriced cars out', () => {
    expect(ids(applyCarFilters(cars, { minPrice: 250000 }))).toEqual(['corolla', 'rav4']);
    expect(ids(applyCarFilters(cars, { minPrice: 250001 }))).toEqual(['rav4']);
    expect(ids(applyCarFilters(cars, { maxPrice: 600000 }))).toEqual(['corolla', 'rav4', 'x5']);
    expect(ids(applyCarFilters(cars, { maxPrice: 599999 }))).toEqual(['corolla', 'x5']);
  });

  it('applies year bounds', () => {
    expect(ids(applyCarFilters(cars, { minYear: 2020 }))).toEqual(['rav4', 'x5']);
    expect(ids(applyCarFilters(cars, { minYear: 2018, maxYear: 2018 }))).toEqual(['corolla']);
    expect(ids(applyCarFilters(cars, { maxYear: 2017 }))).toEqual([]);
  });

  it('applies the seats floor and leaves cars without seats out', () => {
    const seated = [
      { id: 'mx5', seats: 2 },
      { id: 'fortuner', seats: 7 },
      { id: 'unknown', seats: null },
    ];
    expect(ids(applyCarFilters(seated, { minSeats: 7 }))).toEqual(['fortuner']);
    expect(ids(applyCarFilters(seated, { minSeats: '2' }))).toEqual(['mx5', 'fortuner']);
    expect(ids(applyCarFilters(seated, { minSeats: '' }))).toEqual(['mx5', 'fortuner', 'unknown']);
    expect(normaliseFilters({ minSeats: '7' })).toEqual({ minSeats: 7 });
  });

  it('applies the mileage cap and leaves cars without mileage out', () => {
    expect(ids(applyCarFilters(cars, { maxMileage: 90000 }))).toEqual(['corolla', 'rav4']);
    expect(ids(applyCarFilters(cars, { maxMileage: 89999 }))).toEqual(['rav4']);
  });
});

describe('filtersBanner', () => {
  it('shows only when counts differ', () => {
    expect(filtersBanner(3, 10)).toBe('Showing 3 of 10 cars, Filters are active');
    expect(filtersBanner(10, 10)).toBeNull();
    expect(filtersBanner(0, 0)).toBeNull();
  });
});

describe('sortCars', () => {
  it('sorts by every catalogue sort', () => {
    for (const sort of CAR_SORTS) expect(sortCars([], sort)).toEqual([]);
  });

  it('sorts with missing values last', () => {
    expect(ids(sortCars(cars, 'newest'))).toEqual(['rav4', 'corolla', 'x5']);
    expect(ids(sortCars(cars, 'price-low'))).toEqual(['corolla', 'rav4', 'x5']);
    expect(ids(sortCars(cars, 'price-high'))).toEqual(['rav4', 'corolla', 'x5']);
    expect(ids(sortCars(cars, 'mileage'))).toEqual(['rav4', 'corolla', 'x5']);
  });

  it('is stable and does not change the input', () => {
    const a = { id: 'a', price: 100 };
    const b = { id: 'b', price: 100 };
    const c = { id: 'c' };
    const d = { id: 'd', createdAt: 'not a date' };
    const input: (FilterableCar & { id: string })[] = [c, a, d, b];
    expect(ids(sortCars(input, 'price-low'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(sortCars(input, 'newest'))).toEqual(['c', 'a', 'd', 'b']);
    expect(
      ids(
        sortCars(
          [
            { id: 'x', createdAt: new Date(1) },
            { id: 'y', createdAt: new Date(2) },
          ],
          'newest',
        ),
      ),
    ).toEqual(['y', 'x']);
    expect(ids(input)).toEqual(['c', 'a', 'd', 'b']);
  });
});
