import { describe, expect, it } from 'vitest';
import { CountrySchema } from './country.ts';
import {
  DEFAULT_COUNTRY,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_DIAL_CODE,
  FALLBACK_COUNTRIES,
  findFallbackCountry,
} from './countries.ts';

describe('fallback countries', () => {
  it('lists the 8 SPEC countries in order', () => {
    expect(FALLBACK_COUNTRIES.map((c) => c.name)).toEqual([
      'Eswatini',
      'South Africa',
      'United States',
      'United Kingdom',
      'Germany',
      'France',
      'Canada',
      'Australia',
    ]);
  });

  it('are full, valid Country objects with unique codes', () => {
    for (const country of FALLBACK_COUNTRIES) {
      expect(CountrySchema.parse(country)).toEqual(country);
      expect(country.id).toBe(country.code);
      expect(country._id).toBe(country.code);
      expect(country.flag).toBe(`/api/countries/flags/${country.code}.svg`);
      expect(country.dialCode).toBe(`+${country.callingCode}`);
      expect(country.isActive && country.isSupported).toBe(true);
      expect(country.languages.length).toBeGreaterThan(0);
    }
    expect(new Set(FALLBACK_COUNTRIES.map((c) => c.code)).size).toBe(8);
    expect(new Set(FALLBACK_COUNTRIES.map((c) => c.code3)).size).toBe(8);
  });

  it('pins the dialing codes and currency symbols', () => {
    expect(
      Object.fromEntries(FALLBACK_COUNTRIES.map((c) => [c.code, [c.dialCode, c.currency?.symbol]])),
    ).toEqual({
      SZ: ['+268', 'E'],
      ZA: ['+27', 'R'],
      US: ['+1', '$'],
      GB: ['+44', '£'],
      DE: ['+49', '€'],
      FR: ['+33', '€'],
      CA: ['+1', '$'],
      AU: ['+61', '$'],
    });
  });

  it('defaults to Eswatini (+268) with the E symbol', () => {
    expect(DEFAULT_COUNTRY.name).toBe('Eswatini');
    expect(DEFAULT_COUNTRY.code).toBe(DEFAULT_COUNTRY_CODE);
    expect(DEFAULT_COUNTRY.dialCode).toBe(DEFAULT_DIAL_CODE);
    expect(DEFAULT_DIAL_CODE).toBe('+268');
    expect(DEFAULT_COUNTRY.currency).toEqual({ code: 'SZL', name: 'Swazi lilangeni', symbol: 'E' });
  });

  it('finds a country by code, ignoring case', () => {
    expect(findFallbackCountry(' za ')?.name).toBe('South Africa');
    expect(findFallbackCountry('ZZ')).toBeUndefined();
  });
});
