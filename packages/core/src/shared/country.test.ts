import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CountryCodeSchema,
  CountryPickerResultSchema,
  CountrySchema,
  CurrentCountryResultSchema,
  FormatPriceBodySchema,
  FormatPriceResultSchema,
} from './country.ts';

const eswatini = {
  id: 'SZ',
  _id: 'SZ',
  name: 'Eswatini',
  code: 'SZ',
  code3: 'SWZ',
  callingCode: '268',
  dialCode: '+268',
  flag: '/api/countries/flags/SZ.svg',
  region: 'Africa',
  subregion: 'Southern Africa',
  currency: { code: 'SZL', name: 'Swazi lilangeni', symbol: 'E' },
  languages: ['English', 'Swazi'],
  isActive: true,
  isSupported: true,
};

describe('CountrySchema', () => {
  it('accepts a full country and encodes it unchanged', () => {
    expect(CountrySchema.parse(eswatini)).toEqual(eswatini);
    expect(z.encode(CountrySchema, eswatini)).toEqual(eswatini);
  });

  it('allows a country without a currency', () => {
    expect(CountrySchema.parse({ ...eswatini, currency: null }).currency).toBeNull();
  });

  it.each([{ dialCode: '268' }, { code: 'sz' }, { code3: 'SW' }, { callingCode: '+268' }])(
    'refuses %j',
    (patch) => {
      expect(CountrySchema.safeParse({ ...eswatini, ...patch }).success).toBe(false);
    },
  );

  it('wraps picker and current results', () => {
    expect(CountryPickerResultSchema.parse({ countries: [eswatini] }).countries).toHaveLength(1);
    expect(CurrentCountryResultSchema.parse({ country: eswatini }).country.code).toBe('SZ');
  });
});

describe('CountryCodeSchema', () => {
  it('normalises to upper case', () => {
    expect(CountryCodeSchema.parse(' sz ')).toBe('SZ');
  });

  it.each(['', 'SWZ', 'S', '12'])('refuses %j', (code) => {
    expect(CountryCodeSchema.safeParse(code).success).toBe(false);
  });
});

describe('FormatPriceBodySchema', () => {
  it('takes an amount and a country code', () => {
    expect(FormatPriceBodySchema.parse({ amount: 250000, countryCode: 'za' })).toEqual({
      amount: 250000,
      countryCode: 'ZA',
    });
    expect(FormatPriceBodySchema.parse({ amount: 0, countryCode: 'SZ' }).amount).toBe(0);
  });

  it('refuses negative, textual and missing amounts', () => {
    expect(FormatPriceBodySchema.safeParse({ amount: -1, countryCode: 'SZ' }).error?.issues[0]?.message).toBe(
      'Amount cannot be negative',
    );
    expect(FormatPriceBodySchema.safeParse({ amount: '100', countryCode: 'SZ' }).success).toBe(false);
    expect(FormatPriceBodySchema.safeParse({ countryCode: 'SZ' }).success).toBe(false);
  });

  it('answers a formatted string', () => {
    expect(FormatPriceResultSchema.parse({ formatted: 'E250,000' })).toEqual({ formatted: 'E250,000' });
  });
});
