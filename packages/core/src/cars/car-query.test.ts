import { describe, expect, it } from 'vitest';
import { CarQuerySchema, readCarQuery } from './car-query.ts';
import {
  CAR_QUERY_RANGE_MESSAGES,
  carQueryFields,
  carQueryFromSearch,
  carQueryRangeErrors,
  carQueryToSearch,
} from './car-query-fields.ts';
import { CarListQuerySchema } from './car.ts';

describe('carQueryFields', () => {
  it('drops empty, 0 and unparsable values', () => {
    expect(
      carQueryFields({
        make: ' ',
        model: '',
        minPrice: 0,
        maxPrice: '',
        minYear: '0',
        maxYear: 'abc',
        maxMileage: null,
      }),
    ).toEqual({});
    expect(carQueryFields({})).toEqual({});
  });

  it('keeps and parses the others', () => {
    expect(
      carQueryFields({ make: ' Toyota ', minPrice: '100,000', maxYear: 2024, maxMileage: '50000' }),
    ).toEqual({ make: 'Toyota', minPrice: 100000, maxYear: 2024, maxMileage: 50000 });
  });
});

describe('the min/max rule', () => {
  it('names the minimum and says why', () => {
    expect(carQueryRangeErrors({ minPrice: 500, maxPrice: 100, minYear: 2024, maxYear: 2020 })).toEqual({
      minPrice: 'Minimum price is above the maximum price',
      minYear: 'Minimum year is after the maximum year',
    });
    expect(carQueryRangeErrors({ minPrice: 100, maxPrice: 100, minYear: 2020 })).toEqual({});
  });

  it('is the schema’s rule, for the route and the form alike', () => {
    const refused = CarListQuerySchema.safeParse({ minPrice: '500', maxPrice: '100' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([
      { path: ['minPrice'], message: CAR_QUERY_RANGE_MESSAGES.minPrice },
    ]);
    expect(readCarQuery({ minYear: '2024', maxYear: '2020' })).toEqual({
      query: null,
      errors: { minYear: CAR_QUERY_RANGE_MESSAGES.minYear },
      active: 2,
    });
  });
});

describe('readCarQuery', () => {
  it('reads a form into the query the route takes, sort included', () => {
    const read = readCarQuery(
      { make: 'Tesla', fuelType: 'Electric', maxPrice: '500,000', minYear: '0', minSeats: '7', model: '' },
      'price-high',
    );
    expect(read.errors).toEqual({});
    expect(read.active).toBe(4);
    expect(read.query).toEqual(
      CarQuerySchema.parse({
        make: 'Tesla',
        fuelType: 'Electric',
        maxPrice: 500000,
        minSeats: 7,
        sort: 'price-high',
      }),
    );
    expect(read.query).toMatchObject({ maxPrice: 500000, minSeats: 7, sort: 'price-high' });
  });

  it('defaults the sort and reads an empty form as every car', () => {
    const read = readCarQuery({});
    expect(read.active).toBe(0);
    expect(read.query?.sort).toBe('newest');
    expect(Object.values({ ...read.query, sort: undefined }).every((v) => v === undefined)).toBe(true);
  });

  it('says what the route would refuse, under its field', () => {
    expect(readCarQuery({ minSeats: '99' }).errors.minSeats).toBeDefined();
    expect(readCarQuery({ bodyType: 'Spaceship' }).query).toBeNull();
  });
});

describe('car query addresses', () => {
  it('writes set filters in the query order, numbers plain, and the sort unless it is the default', () => {
    expect(
      carQueryToSearch(
        { maxPrice: '300,000', make: ' Toyota ', minYear: '0', model: '' },
        'price-low',
        'newest',
      ),
    ).toBe('make=Toyota&maxPrice=300000&sort=price-low');
    expect(carQueryToSearch({ model: 'Land Cruiser & Co' }, 'newest', 'newest')).toBe(
      'model=Land%20Cruiser%20%26%20Co',
    );
    expect(carQueryToSearch({}, 'newest', 'newest')).toBe('');
  });

  it('reads an address back, leaving out keys that are not filters and broken encoding', () => {
    expect(carQueryFromSearch('?sort=price-low&make=Toyota&maxPrice=300000&utm=x')).toEqual({
      form: { make: 'Toyota', maxPrice: '300000' },
      sort: 'price-low',
    });
    expect(carQueryFromSearch('model=Land+Cruiser&make=%E0%A4%A&make=Audi')).toEqual({
      form: { model: 'Land Cruiser', make: 'Audi' },
      sort: null,
    });
  });
});
