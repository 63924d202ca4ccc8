import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { displayPrice } from '@autoreel/core';
import { invalidInput, notFound } from '../errors.ts';
import type { CountryRepository, CountryRow } from './country.repository.ts';
import { buildCountryRows, FLAGS_DIR, flagUrl, worldCountries } from './country-catalogue.ts';

export const DEFAULT_COUNTRY_CODE = 'SZ';

/** SPEC 3 'Country'. */
export interface CountryDto {
  id: string;
  _id: string;
  name: string;
  code: string;
  code3: string;
  callingCode: string;
  dialCode: string;
  flag: string;
  region: string;
  subregion: string;
  currency: { code: string; name: string; symbol: string } | null;
  languages: string[];
  isActive: boolean;
  isSupported: boolean;
}

export function presentCountry(row: CountryRow): CountryDto {
  return {
    id: row.code,
    _id: row.code,
    name: row.name,
    code: row.code,
    code3: row.code3,
    callingCode: row.callingCode,
    dialCode: row.dialCode,
    flag: flagUrl(row.code),
    region: row.region,
    subregion: row.subregion,
    currency:
      row.currencyCode && row.currencyName
        ? { code: row.currencyCode, name: row.currencyName, symbol: row.currencySymbol ?? row.currencyCode }
        : null,
    languages: row.languages,
    isActive: row.isActive,
    isSupported: row.isSupported,
  };
}

const byName = (a: CountryDto, b: CountryDto) => a.name.localeCompare(b.name, 'en');

/** What the request says about where the caller is. */
export interface LocationHints {
  /** The deployment's configured edge geo header (CF-IPCountry, CloudFront-Viewer-Country, ...). */
  ipCountry?: string | undefined;
}

/** Countries for phone pickers and prices, kept in step with the world-countries package. */
export class CountryService {
  readonly #repo: CountryRepository;

  constructor(repo: CountryRepository) {
    this.#repo = repo;
  }

  /** Fills or refreshes the countries table; run at every start (also in production: it is reference data). */
  async sync(): Promise<void> {
    await this.#repo.upsertAll(buildCountryRows());
  }

  async picker(): Promise<{ countries: CountryDto[] }> {
    return { countries: (await this.#repo.listActive()).map(presentCountry).sort(byName) };
  }

  async supported(): Promise<{ countries: CountryDto[] }> {
    return { countries: (await this.#repo.listSupported()).map(presentCountry).sort(byName) };
  }

  /**
   * The marketplace country the caller is most likely in when they have not chosen one: the edge's geo header,
   * limited to supported countries (prices and listings exist only there); else Eswatini. Never the browser's
   * language: a phone set to English (United States) in Mbabane is still in Eswatini.
   */
  async current(hints: LocationHints): Promise<{ country: CountryDto }> {
    const supported = await this.#repo.listSupported();
    const candidates = [hints.ipCountry?.trim().toUpperCase()];
    const match =
      candidates.map((code) => supported.find((row) => row.code === code)).find(Boolean) ??
      supported.find((row) => row.code === DEFAULT_COUNTRY_CODE) ??
      (await this.#repo.findByCode(DEFAULT_COUNTRY_CODE));
    if (!match) throw notFound('Country not found');
    return { country: presentCountry(match) };
  }

  /**
   * The price as the product shows it: the core display rule (symbol against the grouped number, 'E450,000' for
   * Eswatini) for the lilangeni, Intl's narrow currency symbol for every other currency; 0 is 'Contact for price'.
   */
  async formatPrice(
    amount: number,
    countryCode: string,
  ): Promise<{ formatted: string; currency: string | null }> {
    const row = await this.#repo.findByCode(countryCode);
    if (!row)
      throw invalidInput('Unknown country', [{ field: 'countryCode', message: 'Unknown country code' }]);
    const code = row.currencyCode;
    if (!code || code === 'SZL' || amount <= 0) {
      return { formatted: displayPrice({ price: amount, currency: row.currencySymbol }), currency: code };
    }
    const whole = Number.isInteger(Math.round(amount * 100) / 100);
    let formatted: string;
    try {
      formatted = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(amount);
    } catch {
      // A currency code Intl does not know: fall back to the symbol from the catalogue.
      formatted = displayPrice({ price: amount, currency: row.currencySymbol });
    }
    return { formatted, currency: code };
  }

  /** The SVG flag for a two-letter code, or undefined for codes that have none. */
  async flag(code: string): Promise<string | undefined> {
    const upper = code.toUpperCase();
    const country = worldCountries().find((c) => c.cca2 === upper);
    if (!country) return undefined;
    return readFile(join(FLAGS_DIR, `${country.cca3.toLowerCase()}.svg`), 'utf8').catch(() => undefined);
  }
}
