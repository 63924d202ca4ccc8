/** Phone numbers (SPEC 5 'The full phone sent is the dial code followed by the typed number', SPEC 9). */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js';
import { DEFAULT_DIAL_CODE } from './countries.ts';
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';

/**
 * Dial codes whose national numbers keep their leading 0 after the country code (Italian landlines,
 * Côte d'Ivoire and the Republic of the Congo). Everywhere else the leading 0 is a domestic trunk prefix that
 * must be dropped: '082 123 4567' in South Africa is +27 82 123 4567.
 */
export const KEEP_LEADING_ZERO_DIAL_CODES: readonly string[] = ['+39', '+225', '+242'];

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The full number: the dial code followed by the typed digits, without spaces or punctuation. A typed number
 * that already starts with + or 00 is taken as international and the dial code is not added again.
 */
export function composePhone(dialCode: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.startsWith('+')) return `+${digits(trimmed)}`;
  if (trimmed.startsWith('00')) return `+${digits(trimmed).slice(2)}`;
  const code = `+${digits(dialCode) || digits(DEFAULT_DIAL_CODE)}`;
  let national = digits(trimmed);
  if (!KEEP_LEADING_ZERO_DIAL_CODES.includes(code)) national = national.replace(/^0+/, '');
  return `${code}${national}`;
}

export { normalisePhone } from './phone-text.ts';

function asCountry(countryCode: string | null | undefined): CountryCode | undefined {
  const code = countryCode?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/**
 * Whether a number is valid, by libphonenumber's default metadata. With a country given, the number must also
 * belong to that country (so a +27 number is refused when Eswatini is picked).
 */
export function validatePhone(phone: string, countryCode?: string | null): boolean {
  return parseValidPhone(phone, countryCode) !== null;
}

function parseValidPhone(phone: string, countryCode: string | null | undefined): PhoneNumber | null {
  const country = asCountry(countryCode);
  if (countryCode && !country) return null;
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed?.isValid()) return null;
  return country === undefined || parsed.country === country ? parsed : null;
}

/** The E.164 form ('+26876123456') of a valid number; null when it is not valid. */
export function toE164(phone: string, countryCode?: string | null): string | null {
  const parsed = parseValidPhone(phone, countryCode);
  return parsed ? parsed.number : null;
}

/** '+268' for 'SZ'; null for a code libphonenumber does not know. A check for catalogue dial codes. */
export function dialCodeOf(countryCode: string): string | null {
  const country = asCountry(countryCode);
  return country ? `+${getCountryCallingCode(country)}` : null;
}
