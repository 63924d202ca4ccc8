import { z } from 'zod';
import { idFields } from './common.ts';

export const CurrencySchema = z.object({
  code: z.string().length(3),
  name: z.string(),
  symbol: z.string().min(1),
});
export type Currency = z.infer<typeof CurrencySchema>;

/** ISO 3166-1 alpha-2, upper case. Clients may send lower case; it is normalised. */
export const CountryCodeSchema = z
  .string('Country code is required')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Country code must be two letters (ISO 3166-1 alpha-2)');

/**
 * SPEC 3 Country. Its id is the alpha-2 code, so a country has a stable id on every database and in the
 * built-in fallback list alike.
 */
export const CountrySchema = z.object({
  ...idFields,
  name: z.string().min(1),
  code: z.string().regex(/^[A-Z]{2}$/),
  code3: z.string().regex(/^[A-Z]{3}$/),
  callingCode: z.string().regex(/^\d{1,4}$/),
  dialCode: z.string().regex(/^\+\d{1,4}$/),
  flag: z.string().min(1),
  region: z.string(),
  subregion: z.string(),
  currency: CurrencySchema.nullable(),
  languages: z.array(z.string()),
  isActive: z.boolean(),
  isSupported: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;

export const CountryPickerResultSchema = z.object({ countries: z.array(CountrySchema) });
export type CountryPickerResult = z.infer<typeof CountryPickerResultSchema>;

export const CurrentCountryResultSchema = z.object({ country: CountrySchema });
export type CurrentCountryResult = z.infer<typeof CurrentCountryResultSchema>;

export const FormatPriceBodySchema = z.object({
  amount: z.number('Amount must be a number').nonnegative('Amount cannot be negative').max(1e12),
  countryCode: CountryCodeSchema,
});
export type FormatPriceBody = z.infer<typeof FormatPriceBodySchema>;

export const FormatPriceResultSchema = z.object({ formatted: z.string() });
export type FormatPriceResult = z.infer<typeof FormatPriceResultSchema>;
