import type { Country } from './country.ts';

/**
 * SPEC 3: the built-in countries used when the country list cannot be loaded. Data follows the
 * world-countries data set; Eswatini's lilangeni shows as 'E' (SPEC 9), not the data set's 'L'. Flags are
 * served by the API, so the list works without a CDN.
 */

/**
 * SPEC 9: the symbol shown when a country has no currency of its own: the default country's, since
 * Eswatini's lilangeni shows as 'E'.
 */
export const DEFAULT_CURRENCY_SYMBOL = 'E';

function country(c: Omit<Country, 'id' | '_id' | 'flag' | 'dialCode' | 'isActive' | 'isSupported'>): Country {
  return {
    id: c.code,
    _id: c.code,
    ...c,
    dialCode: `+${c.callingCode}`,
    flag: `/api/countries/flags/${c.code}.svg`,
    isActive: true,
    isSupported: true,
  };
}

export const FALLBACK_COUNTRIES: readonly Country[] = [
  country({
    name: 'Eswatini',
    code: 'SZ',
    code3: 'SWZ',
    callingCode: '268',
    region: 'Africa',
    subregion: 'Southern Africa',
    currency: { code: 'SZL', name: 'Swazi lilangeni', symbol: DEFAULT_CURRENCY_SYMBOL },
    languages: ['English', 'Swazi'],
  }),
  country({
    name: 'South Africa',
    code: 'ZA',
    code3: 'ZAF',
    callingCode: '27',
    region: 'Africa',
    subregion: 'Southern Africa',
    currency: { code: 'ZAR', name: 'South African rand', symbol: 'R' },
    languages: [
      'Afrikaans',
      'English',
      'Southern Ndebele',
      'Northern Sotho',
      'Southern Sotho',
      'Swazi',
      'Tswana',
      'Tsonga',
      'Venda',
      'Xhosa',
      'Zulu',
    ],
  }),
  country({
    name: 'United States',
    code: 'US',
    code3: 'USA',
    callingCode: '1',
    region: 'Americas',
    subregion: 'North America',
    currency: { code: 'USD', name: 'United States dollar', symbol: '$' },
    languages: ['English'],
  }),
  country({
    name: 'United Kingdom',
    code: 'GB',
    code3: 'GBR',
    callingCode: '44',
    region: 'Europe',
    subregion: 'Northern Europe',
    currency: { code: 'GBP', name: 'British pound', symbol: '£' },
    languages: ['English'],
  }),
  country({
    name: 'Germany',
    code: 'DE',
    code3: 'DEU',
    callingCode: '49',
    region: 'Europe',
    subregion: 'Western Europe',
    currency: { code: 'EUR', name: 'Euro', symbol: '€' },
    languages: ['German'],
  }),
  country({
    name: 'France',
    code: 'FR',
    code3: 'FRA',
    callingCode: '33',
    region: 'Europe',
    subregion: 'Western Europe',
    currency: { code: 'EUR', name: 'Euro', symbol: '€' },
    languages: ['French'],
  }),
  country({
    name: 'Canada',
    code: 'CA',
    code3: 'CAN',
    callingCode: '1',
    region: 'Americas',
    subregion: 'North America',
    currency: { code: 'CAD', name: 'Canadian dollar', symbol: '$' },
    languages: ['English', 'French'],
  }),
  country({
    name: 'Australia',
    code: 'AU',
    code3: 'AUS',
    callingCode: '61',
    region: 'Oceania',
    subregion: 'Australia and New Zealand',
    currency: { code: 'AUD', name: 'Australian dollar', symbol: '$' },
    languages: ['English'],
  }),
];

/** SPEC 2 and 9: Eswatini (+268) is the default country. */
export const DEFAULT_COUNTRY_CODE = 'SZ';
export const DEFAULT_DIAL_CODE = '+268';

export const DEFAULT_COUNTRY: Country = FALLBACK_COUNTRIES[0] as Country;

export function findFallbackCountry(code: string): Country | undefined {
  const wanted = code.trim().toUpperCase();
  return FALLBACK_COUNTRIES.find((c) => c.code === wanted);
}
