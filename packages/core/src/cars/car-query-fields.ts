/**
 * The car query's fields as a form holds them, and the min/max rule, without its schema: what the first screens
 * need to count and send filters, kept apart from car-query.ts so they construct no validation schemas.
 */
import { parseNumberInput } from './number-input.ts';

/** The filters a car query may set; every one is optional, and blank (or 0 for a number) leaves it unset. */
export const CAR_TEXT_FILTERS = [
  'make',
  'model',
  'bodyType',
  'fuelType',
  'transmission',
  'condition',
  'search',
] as const;
export const CAR_NUMBER_FILTERS = [
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'minSeats',
] as const;
export type CarFilterKey = (typeof CAR_TEXT_FILTERS)[number] | (typeof CAR_NUMBER_FILTERS)[number];

/** The field of each broken min/max rule, and its message. */
export type CarQueryRangeErrors = Partial<Record<'minPrice' | 'minYear', string>>;

export const CAR_QUERY_RANGE_MESSAGES = {
  minPrice: 'Minimum price is above the maximum price',
  minYear: 'Minimum year is after the maximum year',
} as const;

/** The min/max rule: a minimum above its maximum matches nothing, so it is refused and said under the minimum. */
export function carQueryRangeErrors(query: {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
}): CarQueryRangeErrors {
  const errors: CarQueryRangeErrors = {};
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
    errors.minPrice = CAR_QUERY_RANGE_MESSAGES.minPrice;
  if (query.minYear !== undefined && query.maxYear !== undefined && query.minYear > query.maxYear)
    errors.minYear = CAR_QUERY_RANGE_MESSAGES.minYear;
  return errors;
}

/** A query as a form holds it: each field as typed or chosen; number fields may still be text ('100,000'). */
export type CarQueryForm = { [K in CarFilterKey]?: string | number | null | undefined };

/**
 * The form's fields the query sets: empty text and, for numbers, empty, 0 or not a number are left out (SPEC 2
 * 'Filter panel'); a number typed with thousands separators is read without them.
 */
export function carQueryFields(form: CarQueryForm): Partial<Record<CarFilterKey, string | number>> {
  const fields: Partial<Record<CarFilterKey, string | number>> = {};
  for (const key of CAR_TEXT_FILTERS) {
    const value = form[key];
    const text = typeof value === 'number' ? String(value) : value?.trim();
    if (text) fields[key] = text;
  }
  for (const key of CAR_NUMBER_FILTERS) {
    const value = parseNumberInput(form[key]);
    if (value !== null && value !== 0) fields[key] = value;
  }
  return fields;
}

/** The filters in the order an address lists them (the car query's own order), before its sort. */
const ADDRESS_ORDER: readonly CarFilterKey[] = [
  'make',
  'model',
  'bodyType',
  'fuelType',
  'transmission',
  'condition',
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'minSeats',
  'search',
];

/** A car list's filters and order as an address's query string holds them. */
export interface CarQueryAddress {
  /** Each filter the address sets, as text (the form's own values). */
  form: Partial<Record<CarFilterKey, string>>;
  /** The order it names, or null for none (the list's default). */
  sort: string | null;
}

/**
 * The query string (without '?') of a car list's filters and order, as browse's address carries them
 * ('make=Toyota&maxPrice=300000&sort=price-low'): set filters in the query's order, numbers without separators, and
 * the order unless it is `defaultSort`. The same filters always give the same text.
 */
export function carQueryToSearch(form: CarQueryForm, sort: string, defaultSort: string): string {
  const fields = carQueryFields(form);
  const pairs: string[] = [];
  for (const key of ADDRESS_ORDER) {
    const value = fields[key];
    if (value !== undefined) pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  if (sort && sort !== defaultSort) pairs.push(`sort=${encodeURIComponent(sort)}`);
  return pairs.join('&');
}

/** A query string's value as text ('+' is a space); null when it is not valid percent-encoding. */
function decodeQueryValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The filters and order a query string names; keys that are not a car query's are left out, the first of each. */
export function carQueryFromSearch(search: string): CarQueryAddress {
  const values = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    const key = decodeQueryValue(at === -1 ? pair : pair.slice(0, at));
    const value = decodeQueryValue(at === -1 ? '' : pair.slice(at + 1))?.trim();
    if (key && value && !values.has(key)) values.set(key, value);
  }
  const form: CarQueryAddress['form'] = {};
  for (const key of ADDRESS_ORDER) {
    const value = values.get(key);
    if (value) form[key] = value;
  }
  return { form, sort: values.get('sort') ?? null };
}
