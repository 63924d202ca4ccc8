import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { dialCodeOf } from '@autoreel/core';
import type { Countries, Country } from 'world-countries';
import type { NewCountryRow } from './country.repository.ts';

const require = createRequire(import.meta.url);

/** The world-countries data set (ODbL), loaded once. */
export function worldCountries(): Countries {
  return require('world-countries') as Countries;
}

/** Folder holding world-countries' flag images, named {cca3}.svg in lower case. */
export const FLAGS_DIR = join(dirname(require.resolve('world-countries/package.json')), 'data');

/**
 * Where the marketplace operates: listings, prices and the 'current' country. SPEC 3's fallback list; every other
 * country is still pickable for a phone number.
 */
export const SUPPORTED_COUNTRY_CODES: readonly string[] = ['SZ', 'ZA', 'US', 'GB', 'DE', 'FR', 'CA', 'AU'];

/** Eswatini's lilangeni is shown as 'E' by the product (SPEC 1, 9), whatever the data set says. */
const SYMBOL_OVERRIDES: Readonly<Record<string, string>> = { SZL: 'E' };

export function flagUrl(code: string): string {
  return `/api/countries/flags/${code.toLowerCase()}.svg`;
}

/**
 * The dial code a user types before the national number. world-countries has no calling codes: with one suffix it
 * is root + suffix (Eswatini '+2' + '68'; Jamaica '+1' + '876', the way pickers show it), with several suffixes the
 * root alone (the US and Canada list area codes and dial +1). libphonenumber is the check: when the data set's
 * answer does not begin with the real country calling code (Saint Helena, Western Sahara, Vatican City list
 * several partial suffixes), the real code is used.
 */
export function dialCodes(
  country: Pick<Country, 'cca2' | 'idd'>,
): { dialCode: string; callingCode: string } | null {
  const { root, suffixes = [] } = country.idd;
  const fromData = root ? (suffixes.length === 1 ? `${root}${suffixes[0]}` : root) : '';
  const known = dialCodeOf(country.cca2);
  if (known) {
    // Four digits at most, as dial codes are shown (Åland's '+35818' is Finland's +358 with an area code).
    const dialCode = fromData.startsWith(known) && fromData.length <= 5 ? fromData : known;
    return { dialCode, callingCode: known.slice(1) };
  }
  return null;
}

/**
 * One row per country of the data set. Countries that libphonenumber has no numbering plan for (Antarctica,
 * uninhabited territories) are kept but inactive: no phone number could be validated for them.
 */
export function buildCountryRows(data: Countries = worldCountries()): NewCountryRow[] {
  return data.map((country) => {
    const codes = dialCodes(country);
    const [currencyCode, currency] = Object.entries(country.currencies ?? {})[0] ?? [];
    return {
      code: country.cca2,
      code3: country.cca3,
      name: country.name.common,
      callingCode: codes?.callingCode ?? '',
      dialCode: codes?.dialCode ?? '',
      region: country.region,
      subregion: country.subregion ?? '',
      currencyCode: currencyCode ?? null,
      currencyName: currency?.name ?? null,
      currencySymbol: currencyCode ? (SYMBOL_OVERRIDES[currencyCode] ?? currency?.symbol ?? null) : null,
      languages: Object.values(country.languages ?? {}),
      isActive: codes !== null,
      isSupported: SUPPORTED_COUNTRY_CODES.includes(country.cca2),
    };
  });
}
