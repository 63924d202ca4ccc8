import type { Country } from '@autoreel/core';

/** The fields the picker shows; the API and the built-in list both carry them. */
export type PickerCountry = Pick<Country, 'name' | 'code' | 'dialCode' | 'flag'> & { callingCode?: string };

/** SPEC 2 'Country picker modal': search by name or dial code ('+26', '268' and 'esw' all find Eswatini). */
export function filterCountries<C extends PickerCountry>(countries: readonly C[], query: string): C[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...countries];
  const digits = q.replace(/[^\d]/g, '');
  const dialQuery = /^\+?\d+$/.test(q.replace(/\s/g, ''));
  return countries.filter((country) => {
    if (country.name.toLowerCase().includes(q)) return true;
    if (country.code.toLowerCase() === q) return true;
    if (dialQuery && digits !== '') {
      const dial = dialCodeOf(country).replace(/[^\d]/g, '');
      return dial.startsWith(digits);
    }
    return false;
  });
}

/** SPEC 3: dialCode, falling back to '+' plus the calling code. */
export function dialCodeOf(country: PickerCountry): string {
  if (country.dialCode) return country.dialCode;
  return country.callingCode ? `+${country.callingCode}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads GET /countries/picker (`data: {countries}`); entries without a name or code are skipped. */
export function readPickerCountries(body: unknown): PickerCountry[] {
  const list =
    isRecord(body) && Array.isArray(body.countries) ? body.countries : Array.isArray(body) ? body : [];
  const out: PickerCountry[] = [];
  for (const item of list as unknown[]) {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.code !== 'string') continue;
    const callingCode = typeof item.callingCode === 'string' ? item.callingCode : undefined;
    const dialCode =
      typeof item.dialCode === 'string' && item.dialCode !== ''
        ? item.dialCode
        : callingCode
          ? `+${callingCode}`
          : '';
    if (!dialCode) continue;
    out.push({
      name: item.name,
      code: item.code,
      dialCode,
      flag: typeof item.flag === 'string' ? item.flag : '',
      ...(callingCode ? { callingCode } : {}),
    });
  }
  return out;
}
