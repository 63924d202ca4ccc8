import { describe, expect, it } from 'vitest';
import { COMMUTE_DISTANCES, FAMILY_SIZES, FUEL_PREFERENCES, PRIORITIES, USAGE_TYPES } from './lifestyle.ts';

describe('lifestyle value sets', () => {
  it('contain the values the SPEC 9 fallback scoring reads', () => {
    expect(FAMILY_SIZES).toEqual(['single', 'small-family', 'large-family']);
    expect(FUEL_PREFERENCES).toEqual(expect.arrayContaining(['eco-friendly', 'economy']));
    expect(USAGE_TYPES).toContain('daily');
    expect(COMMUTE_DISTANCES).toContain('long');
  });

  it('have no duplicates', () => {
    for (const values of [FAMILY_SIZES, FUEL_PREFERENCES, USAGE_TYPES, COMMUTE_DISTANCES, PRIORITIES]) {
      expect(new Set(values).size).toBe(values.length);
    }
  });
});
