import { describe, expect, it } from 'vitest';
import { buildCountryRows, dialCodes, SUPPORTED_COUNTRY_CODES, worldCountries } from './country-catalogue.ts';

const rows = buildCountryRows();
const row = (code: string) => rows.find((r) => r.code === code);

describe('country catalogue', () => {
  it('has one row per country of the data set', () => {
    expect(rows).toHaveLength(worldCountries().length);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('takes root plus the single suffix, else the root, checked against libphonenumber', () => {
    expect(dialCodes({ cca2: 'SZ', idd: { root: '+2', suffixes: ['68'] } })).toEqual({
      dialCode: '+268',
      callingCode: '268',
    });
    expect(row('US')).toMatchObject({ dialCode: '+1', callingCode: '1' });
    expect(row('CA')).toMatchObject({ dialCode: '+1', callingCode: '1' });
    expect(row('JM')).toMatchObject({ dialCode: '+1876', callingCode: '1' });
    expect(row('RU')).toMatchObject({ dialCode: '+7' });
    expect(row('SH')).toMatchObject({ dialCode: '+290', callingCode: '290' });
    expect(row('EH')).toMatchObject({ dialCode: '+212' });
    expect(row('VA')).toMatchObject({ dialCode: '+39' });
    expect(row('AX')).toMatchObject({ dialCode: '+358' });
  });

  it('keeps places without a numbering plan, inactive', () => {
    expect(row('AQ')).toMatchObject({ isActive: false, dialCode: '' });
    expect(row('UM')).toMatchObject({ isActive: false });
    expect(rows.filter((r) => r.isActive).every((r) => /^\+\d{1,4}$/.test(r.dialCode))).toBe(true);
  });

  it("takes the first currency, with 'E' for the lilangeni", () => {
    expect(row('SZ')).toMatchObject({
      currencyCode: 'SZL',
      currencyName: 'Swazi lilangeni',
      currencySymbol: 'E',
    });
    expect(row('LS')).toMatchObject({ currencyCode: 'LSL' });
    expect(row('AQ')).toMatchObject({ currencyCode: null, currencySymbol: null });
  });

  it('marks the fallback countries of SPEC 3 as supported, and only those', () => {
    expect(
      rows
        .filter((r) => r.isSupported)
        .map((r) => r.code)
        .sort(),
    ).toEqual([...SUPPORTED_COUNTRY_CODES].sort());
  });
});
