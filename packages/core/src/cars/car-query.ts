/**
 * The one car query: the filters, search and order of a list of cars. GET /cars reads it (with its page), the car
 * service passes it to the repository as it is, and browse's form turns what the buyer typed into it, so the
 * route, the server and the form agree on what a valid query is and on the messages of a wrong one.
 */
import { z } from 'zod';
import { MAX_MILEAGE, MAX_PRICE } from './car-limits.ts';
import {
  BODY_TYPES,
  CAR_SORTS,
  CONDITIONS,
  DEFAULT_CAR_SORT,
  FUEL_TYPES,
  TRANSMISSIONS,
} from './car-options.ts';
import { parseNumberInput } from './number-input.ts';
import { MAX_SEATS, MIN_SEATS } from './seats.ts';
import { blankOrZeroToUndefined, blankToUndefined } from '../shared/index.ts';

export const CarSortSchema = z.enum(CAR_SORTS);

/** A filter value from a query string: blank means 'no filter'. */
const optionalQueryText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

const optionalQueryEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values).optional());

/** A numeric bound from a query string: blank or 0 means 'no filter' (SPEC 5). */
const optionalQueryBound = (max: number) =>
  z.preprocess(blankOrZeroToUndefined, z.coerce.number().nonnegative().max(max).optional());

/** At least this many seats ('7' finds seven-seaters and up); blank or 0 means 'no filter'. */
const optionalQuerySeats = z.preprocess(
  blankOrZeroToUndefined,
  z.coerce.number().int().min(MIN_SEATS).max(MAX_SEATS).optional(),
);

const optionalQueryYear = z.preprocess(
  blankOrZeroToUndefined,
  z.coerce.number().int().min(0).max(9999).optional(),
);

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

const carQueryShape = {
  make: optionalQueryText(50),
  model: optionalQueryText(80),
  bodyType: optionalQueryEnum(BODY_TYPES),
  fuelType: optionalQueryEnum(FUEL_TYPES),
  transmission: optionalQueryEnum(TRANSMISSIONS),
  condition: optionalQueryEnum(CONDITIONS),
  minPrice: optionalQueryBound(MAX_PRICE),
  maxPrice: optionalQueryBound(MAX_PRICE),
  minYear: optionalQueryYear,
  maxYear: optionalQueryYear,
  maxMileage: optionalQueryBound(MAX_MILEAGE),
  minSeats: optionalQuerySeats,
  search: optionalQueryText(200),
  sort: z.preprocess(blankToUndefined, CarSortSchema.default(DEFAULT_CAR_SORT)),
} satisfies Record<CarFilterKey | 'sort', z.ZodType>;

/** The car query, normalised: unset filters are undefined, numbers are numbers, text is trimmed, sort defaulted. */
export const CarQuerySchema = z.object(carQueryShape).superRefine((query, ctx) => {
  for (const [field, message] of Object.entries(carQueryRangeErrors(query)))
    ctx.addIssue({ code: 'custom', path: [field], message });
});
export type CarQuery = z.infer<typeof CarQuerySchema>;
export type CarQueryInput = z.input<typeof CarQuerySchema>;
/** What a query matches, without the order it lists them in. */
export type CarQueryFilters = Omit<CarQuery, 'sort'>;

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

/** A form read as a car query: the query when it is one the API takes, else null and each field's message. */
export interface ReadCarQuery {
  query: CarQuery | null;
  errors: Partial<Record<CarFilterKey, string>>;
  /** How many filters are set (the filter panel's badge). */
  active: number;
}

export function readCarQuery(
  form: CarQueryForm,
  sort: CarQueryInput['sort'] = DEFAULT_CAR_SORT,
): ReadCarQuery {
  const fields = carQueryFields(form);
  const active = Object.keys(fields).length;
  const parsed = CarQuerySchema.safeParse({ ...fields, sort });
  if (parsed.success) return { query: parsed.data, errors: {}, active };
  const errors: ReadCarQuery['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CarFilterKey;
    errors[field] ??= issue.message;
  }
  return { query: null, errors, active };
}

/** Only the query's filters, whatever else the object carries (a page, a route's own fields). */
export function carQueryFilters(query: CarQueryFilters): CarQueryFilters {
  const filters: Record<string, unknown> = {};
  for (const key of [...CAR_TEXT_FILTERS, ...CAR_NUMBER_FILTERS])
    if (query[key] !== undefined) filters[key] = query[key];
  return filters;
}
