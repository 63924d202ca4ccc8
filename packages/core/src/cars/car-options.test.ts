import { describe, expect, it } from 'vitest';
import {
  BODY_TYPES,
  CAR_SORTS,
  CAR_SORT_OPTIONS,
  CAR_STATUSES,
  CAR_STATUS_LABELS,
  CONDITIONS,
  sellerStatusChoices,
  DEFAULT_CAR_SORT,
  FILTER_BODY_TYPES,
  FUEL_TYPES,
  MIN_CAR_YEAR,
  NEW_CAR_DEFAULTS,
  QUICK_YEAR_COUNT,
  SELLER_TYPES,
  TRANSMISSIONS,
  WIZARD_BODY_TYPES,
  bodyTypeLabel,
  maxCarYear,
  daysOnMarket,
  listedAgoText,
  PRICE_DROP_DAYS,
} from './car-options.ts';

describe('SPEC 9 option sets', () => {
  it('pins the exact values', () => {
    // SPEC 9's six, and Truck (shown as 'Bakkie / Pickup'), which the filters and this market need.
    expect(WIZARD_BODY_TYPES).toEqual([
      'Sedan',
      'SUV',
      'Hatchback',
      'Coupe',
      'Convertible',
      'Wagon',
      'Truck',
    ]);
    expect(FILTER_BODY_TYPES).toEqual(WIZARD_BODY_TYPES);
    expect(bodyTypeLabel('Truck')).toBe('Bakkie / Pickup');
    expect(bodyTypeLabel('SUV')).toBe('SUV');
    expect(BODY_TYPES).toBe(FILTER_BODY_TYPES);
    expect(FUEL_TYPES).toEqual(['Petrol', 'Diesel', 'Electric', 'Hybrid']);
    expect(TRANSMISSIONS).toEqual(['Automatic', 'Manual']);
    expect(CONDITIONS).toEqual(['New', 'Used', 'Certified Pre-Owned']);
    expect(CAR_STATUSES).toEqual(['active', 'sold', 'reserved', 'draft']);
    expect(Object.keys(CAR_STATUS_LABELS)).toEqual([...CAR_STATUSES]);
    expect(SELLER_TYPES).toEqual(['dealer', 'private']);
  });

  it('pins the new-car defaults', () => {
    expect(NEW_CAR_DEFAULTS).toEqual({
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      condition: 'Used',
      status: 'active',
    });
  });

  it('pins the sort options and their labels', () => {
    expect(CAR_SORTS).toEqual(['newest', 'price-low', 'price-high', 'mileage', 'recently-reduced']);
    expect(CAR_SORT_OPTIONS.map((o) => o.value)).toEqual([...CAR_SORTS]);
    expect(CAR_SORT_OPTIONS.every((o) => o.label.length > 0)).toBe(true);
    expect(DEFAULT_CAR_SORT).toBe('newest');
  });
});

describe('days on the market', () => {
  it('counts whole days since listing and words them', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(daysOnMarket('2026-11-28T01:00:00Z', now)).toBe(0);
    expect(daysOnMarket('2026-11-27T11:00:00Z', now)).toBe(1);
    expect(daysOnMarket('2026-11-16T12:00:00Z', now)).toBe(12);
    expect(daysOnMarket('2026-11-29T12:00:00Z', now)).toBe(0);
    expect(listedAgoText(0)).toBe('Listed today');
    expect(listedAgoText(1)).toBe('Listed 1 day ago');
    expect(listedAgoText(12)).toBe('Listed 12 days ago');
    expect(PRICE_DROP_DAYS).toBe(14);
  });
});

describe('years', () => {
  it('ranges from 1900 to next year', () => {
    expect(MIN_CAR_YEAR).toBe(1900);
    expect(maxCarYear(new Date('2026-11-22T00:00:00Z'))).toBe(2027);
    expect(maxCarYear()).toBe(new Date().getFullYear() + 1);
  });

  it('offers the last 15 years as quick choices', () => {
    expect(QUICK_YEAR_COUNT).toBe(15);
  });
});

describe('sellerStatusChoices', () => {
  it('keeps a draft a draft until its video, and never offers draft for a listed car', () => {
    expect(sellerStatusChoices('draft')).toEqual(['draft']);
    for (const status of ['active', 'sold', 'reserved'] as const)
      expect(sellerStatusChoices(status)).toEqual(['active', 'sold', 'reserved']);
  });
});
