import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  BulkStatusBodySchema,
  BulkStatusResultSchema,
  CarCreateBodySchema,
  CarListQuerySchema,
  CarListResultSchema,
  CarSchema,
  CarUpdateBodySchema,
  DescriptionSchema,
  FeaturesSchema,
  LikedCarsQuerySchema,
  LikedCarsResultSchema,
  UNKNOWN_SELLER_NAME,
  YearSchema,
} from './car.ts';

const now = '2026-11-01T10:00:00.000Z';

const car = {
  id: 'c1',
  _id: 'c1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2022,
  mileage: 45000,
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
  color: 'White',
  exteriorColor: 'White',
  interiorColor: 'Black',
  condition: 'Used',
  features: ['Bluetooth'],
  description: 'One owner, full service history.',
  images: ['cars/c1/poster.jpg'],
  videos: ['cars/c1/video.mp4'],
  price: 450000,
  currency: 'E',
  formattedPrice: 'E450,000',
  countryId: 'SZ',
  status: 'active',
  createdAt: now,
  updatedAt: now,
  dealerId: 'd1',
  sellerId: 'u2',
  sellerType: 'dealer',
  dealerName: 'Mbabane Motors',
  sellerName: 'Mbabane Motors',
  dealerLocation: 'Mbabane',
  dealerPhone: '+26876000002',
  dealerRating: 4.8,
  dealerReviews: 234,
} as const;

const createBody = {
  make: ' Toyota ',
  model: 'Corolla',
  year: 2020,
  mileage: 60000,
  exteriorColor: 'Silver',
  interiorColor: 'Black',
  description: '  Well kept sedan.  ',
};

function messages(result: { error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const nextYear = new Date().getFullYear() + 1;

describe('CarSchema', () => {
  it('accepts an API car and encodes it unchanged', () => {
    expect(CarSchema.parse(car)).toEqual(car);
    expect(z.encode(CarSchema, CarSchema.parse(car))).toEqual(car);
  });

  it('accepts currency as an object with a symbol, and a missing price', () => {
    const parsed = CarSchema.parse({ ...car, currency: { symbol: 'R', code: 'ZAR' }, price: null });
    expect(parsed.currency).toEqual({ symbol: 'R', code: 'ZAR' });
    expect(CarSchema.safeParse({ ...car, currency: { code: 'ZAR' } }).success).toBe(false);
  });

  it('accepts a private seller without dealer fields', () => {
    const {
      dealerId: _d,
      dealerName: _n,
      dealerLocation: _l,
      dealerPhone: _p,
      dealerRating: _r,
      dealerReviews: _v,
      ...rest
    } = car;
    expect(CarSchema.parse({ ...rest, sellerType: 'private', seller: { name: 'Lindiwe' } }).sellerType).toBe(
      'private',
    );
  });

  it.each([{ status: 'deleted' }, { sellerType: 'company' }, { bodyType: 'Van' }, { _id: undefined }])(
    'refuses %j',
    (patch) => {
      expect(CarSchema.safeParse({ ...car, ...patch }).success).toBe(false);
    },
  );

  it('names the unknown seller as SPEC 3 says', () => {
    expect(UNKNOWN_SELLER_NAME).toBe('Unknown Seller');
  });
});

describe('YearSchema', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([1900, nextYear, 2008])('accepts %i', (year) => {
    expect(YearSchema.safeParse(year).success).toBe(true);
  });

  it.each([1899, nextYear + 1, 2020.5, '2020'])('refuses %j with the wizard message', (year) => {
    expect(messages(YearSchema.safeParse(year))).toEqual(['Please enter a valid year']);
  });

  it('moves with the clock rather than the start-up year', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-06-01T00:00:00Z'));
    expect(YearSchema.safeParse(2031).success).toBe(true);
    expect(YearSchema.safeParse(2032).success).toBe(false);
  });
});

describe('DescriptionSchema', () => {
  it('uses the final-submit rule: non-empty and at least 10 trimmed characters', () => {
    expect(messages(DescriptionSchema.safeParse('   '))).toContain('Description Required');
    expect(messages(DescriptionSchema.safeParse(undefined))).toEqual(['Description Required']);
    expect(messages(DescriptionSchema.safeParse('  123456789  '))).toEqual(['Description Too Short']);
    expect(DescriptionSchema.parse('  1234567890  ')).toBe('1234567890');
  });

  it('caps length at 5000', () => {
    expect(DescriptionSchema.safeParse('x'.repeat(5000)).success).toBe(true);
    expect(DescriptionSchema.safeParse('x'.repeat(5001)).success).toBe(false);
  });
});

describe('FeaturesSchema', () => {
  it('trims, drops blanks and removes duplicates', () => {
    expect(FeaturesSchema.parse([' Sunroof ', '', '  ', 'sunroof', 'Bluetooth', 'Sunroof'])).toEqual([
      'Sunroof',
      'Bluetooth',
    ]);
  });

  it('caps count and length', () => {
    expect(FeaturesSchema.safeParse(Array.from({ length: 51 }, (_, i) => `f${i}`)).success).toBe(false);
    expect(FeaturesSchema.safeParse(['x'.repeat(101)]).success).toBe(false);
  });
});

describe('CarCreateBodySchema', () => {
  it('applies the SPEC 9 defaults for a new car', () => {
    expect(CarCreateBodySchema.parse(createBody)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      mileage: 60000,
      exteriorColor: 'Silver',
      interiorColor: 'Black',
      description: 'Well kept sedan.',
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      condition: 'Used',
      status: 'active',
      features: [],
      images: [],
      videos: [],
    });
  });

  it('keeps given values', () => {
    const parsed = CarCreateBodySchema.parse({
      ...createBody,
      fuelType: 'Hybrid',
      transmission: 'Manual',
      bodyType: 'Truck',
      condition: 'Certified Pre-Owned',
      status: 'reserved',
      price: 0,
      color: 'Silver',
    });
    expect(parsed).toMatchObject({
      fuelType: 'Hybrid',
      transmission: 'Manual',
      bodyType: 'Truck',
      condition: 'Certified Pre-Owned',
      status: 'reserved',
      price: 0,
      color: 'Silver',
    });
  });

  it('treats price as optional (null or absent means contact for price)', () => {
    expect(CarCreateBodySchema.parse({ ...createBody, price: null }).price).toBeNull();
    expect(CarCreateBodySchema.parse(createBody).price).toBeUndefined();
    expect(CarCreateBodySchema.safeParse({ ...createBody, price: -1 }).success).toBe(false);
    expect(CarCreateBodySchema.safeParse({ ...createBody, price: 1_000_000_001 }).success).toBe(false);
  });

  it('requires make and model with the wizard messages', () => {
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, make: ' ' }))).toEqual([
      'Make is required',
    ]);
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, model: undefined }))).toEqual([
      'Model is required',
    ]);
  });

  it('bounds the year', () => {
    expect(CarCreateBodySchema.safeParse({ ...createBody, year: 1899 }).success).toBe(false);
    expect(CarCreateBodySchema.safeParse({ ...createBody, year: 1900 }).success).toBe(true);
    expect(CarCreateBodySchema.safeParse({ ...createBody, year: nextYear }).success).toBe(true);
    expect(CarCreateBodySchema.safeParse({ ...createBody, year: nextYear + 1 }).success).toBe(false);
  });

  it('requires a non-negative whole mileage', () => {
    expect(CarCreateBodySchema.safeParse({ ...createBody, mileage: 0 }).success).toBe(true);
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, mileage: -1 }))).toEqual([
      'Mileage cannot be negative',
    ]);
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, mileage: undefined }))).toEqual([
      'Mileage is required',
    ]);
    expect(CarCreateBodySchema.safeParse({ ...createBody, mileage: 1.5 }).success).toBe(false);
  });

  it('requires both colours', () => {
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, exteriorColor: '' }))).toEqual([
      'Exterior colour is required',
    ]);
    expect(messages(CarCreateBodySchema.safeParse({ ...createBody, interiorColor: undefined }))).toEqual([
      'Interior colour is required',
    ]);
  });

  it('refuses values outside the catalogue sets', () => {
    expect(CarCreateBodySchema.safeParse({ ...createBody, fuelType: 'LPG' }).success).toBe(false);
    expect(CarCreateBodySchema.safeParse({ ...createBody, condition: 'used' }).success).toBe(false);
    expect(CarCreateBodySchema.safeParse({ ...createBody, status: 'sold-out' }).success).toBe(false);
  });

  it('caps media lists', () => {
    expect(CarCreateBodySchema.safeParse({ ...createBody, videos: Array(6).fill('v.mp4') }).success).toBe(
      false,
    );
    expect(CarCreateBodySchema.safeParse({ ...createBody, images: Array(31).fill('i.jpg') }).success).toBe(
      false,
    );
    expect(CarCreateBodySchema.safeParse({ ...createBody, images: [''] }).success).toBe(false);
  });
});

describe('CarUpdateBodySchema', () => {
  it('takes any subset and applies no defaults', () => {
    expect(CarUpdateBodySchema.parse({ status: 'sold' })).toEqual({ status: 'sold' });
    expect(CarUpdateBodySchema.parse({ videos: ['cars/c1/v.mp4'] })).toEqual({ videos: ['cars/c1/v.mp4'] });
  });

  it('validates the fields it gets', () => {
    expect(CarUpdateBodySchema.safeParse({ description: 'short' }).success).toBe(false);
    expect(CarUpdateBodySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });

  it('refuses an empty update', () => {
    expect(messages(CarUpdateBodySchema.safeParse({}))).toEqual(['Nothing to update']);
  });
});

describe('BulkStatusBodySchema', () => {
  it('takes 1 to 1000 unique ids and a status', () => {
    expect(BulkStatusBodySchema.parse({ carIds: ['a', 'b'], status: 'sold' })).toEqual({
      carIds: ['a', 'b'],
      status: 'sold',
    });
    const thousand = Array.from({ length: 1000 }, (_, i) => `c${i}`);
    expect(BulkStatusBodySchema.safeParse({ carIds: thousand, status: 'active' }).success).toBe(true);
    expect(BulkStatusBodySchema.safeParse({ carIds: [...thousand, 'x'], status: 'active' }).success).toBe(
      false,
    );
  });

  it('refuses empty, duplicate or invalid ids and unknown statuses', () => {
    expect(messages(BulkStatusBodySchema.safeParse({ carIds: [], status: 'sold' }))).toEqual([
      'Select at least one car',
    ]);
    expect(messages(BulkStatusBodySchema.safeParse({ carIds: ['a', 'a'], status: 'sold' }))).toEqual([
      'Car ids must be unique',
    ]);
    expect(BulkStatusBodySchema.safeParse({ carIds: ['undefined'], status: 'sold' }).success).toBe(false);
    expect(BulkStatusBodySchema.safeParse({ carIds: ['a'], status: 'archived' }).success).toBe(false);
  });

  it('answers the updated count', () => {
    expect(BulkStatusResultSchema.parse({ updated: 3 })).toEqual({ updated: 3 });
  });
});

describe('CarListQuerySchema', () => {
  it('defaults sort and limit', () => {
    expect(CarListQuerySchema.parse({})).toMatchObject({ sort: 'newest', limit: 20 });
    expect(CarListQuerySchema.parse({ sort: '', limit: '' })).toMatchObject({ sort: 'newest', limit: 20 });
  });

  it('coerces numbers from the query string', () => {
    expect(
      CarListQuerySchema.parse({
        minPrice: '100000',
        maxPrice: '500000',
        minYear: '2015',
        maxYear: '2024',
        maxMileage: '150000',
        limit: '50',
      }),
    ).toMatchObject({
      minPrice: 100000,
      maxPrice: 500000,
      minYear: 2015,
      maxYear: 2024,
      maxMileage: 150000,
      limit: 50,
    });
  });

  it('reads empty strings and 0 as no filter', () => {
    const parsed = CarListQuerySchema.parse({
      make: '',
      model: '  ',
      bodyType: '',
      fuelType: '',
      transmission: '',
      condition: '',
      minPrice: '0',
      maxPrice: '',
      minYear: '0',
      maxYear: '',
      maxMileage: 0,
      search: ' ',
      cursor: '',
    });
    for (const key of [
      'make',
      'model',
      'bodyType',
      'fuelType',
      'transmission',
      'condition',
      'minPrice',
      'maxPrice',
      'minYear',
      'maxYear',
      'maxMileage',
      'search',
      'cursor',
    ] as const) {
      expect(parsed[key]).toBeUndefined();
    }
  });

  it('trims text filters and accepts the filter panel body types', () => {
    expect(CarListQuerySchema.parse({ make: ' BMW ', search: ' x5 ', bodyType: 'Truck' })).toMatchObject({
      make: 'BMW',
      search: 'x5',
      bodyType: 'Truck',
    });
  });

  it('bounds limit at 1..100', () => {
    expect(CarListQuerySchema.safeParse({ limit: '100' }).success).toBe(true);
    expect(CarListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(CarListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });

  it.each([
    { sort: 'oldest' },
    { fuelType: 'petrol' },
    { minPrice: 'cheap' },
    { minPrice: '-5' },
    { minYear: '2015.5' },
    { make: ['BMW', 'Audi'] },
  ])('refuses %j', (query) => {
    expect(CarListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('refuses inverted ranges on the lower bound field', () => {
    const price = CarListQuerySchema.safeParse({ minPrice: '500', maxPrice: '100' });
    expect(price.error?.issues[0]?.path).toEqual(['minPrice']);
    const year = CarListQuerySchema.safeParse({ minYear: '2024', maxYear: '2020' });
    expect(year.error?.issues[0]?.path).toEqual(['minYear']);
    expect(CarListQuerySchema.safeParse({ minPrice: '100', maxPrice: '100' }).success).toBe(true);
  });
});

describe('list results and filters', () => {
  it('pins the list shape with a null cursor on the last page', () => {
    expect(CarListResultSchema.parse({ cars: [car], total: 1, nextCursor: null }).nextCursor).toBeNull();
    expect(CarListResultSchema.safeParse({ cars: [car], total: 1 }).success).toBe(false);
  });

  it('pages favourites 20 at a time', () => {
    expect(LikedCarsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(LikedCarsQuerySchema.parse({ page: '2', limit: '20' })).toEqual({ page: 2, limit: 20 });
    expect(LikedCarsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('requires likedAt on favourites', () => {
    const page = { page: 1, limit: 20, total: 1 };
    expect(LikedCarsResultSchema.safeParse({ ...page, cars: [car] }).success).toBe(false);
    expect(LikedCarsResultSchema.parse({ ...page, cars: [{ ...car, likedAt: now }] }).cars[0]?.likedAt).toBe(
      now,
    );
  });
});
