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
import {
  CAR_NUMBER_FILTERS,
  CAR_TEXT_FILTERS,
  carQueryFields,
  carQueryRangeErrors,
  type CarFilterKey,
  type CarQueryForm,
} from './car-query-fields.ts';
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
