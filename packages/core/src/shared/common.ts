import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from './page-sizes.ts';
export { MAX_PAGE_LIMIT, PAGE_SIZES } from './page-sizes.ts';
import { normalisePhone } from './phone-text.ts';

/**
 * Building blocks shared by the entity and request schemas.
 *
 * Entity schemas describe what the API sends. fastify-type-provider-zod serialises responses with
 * `safeEncode`, which throws on transforms and on missing defaulted keys, so entity schemas use neither;
 * request schemas are free to coerce, trim and default.
 */

/** An id as sent by the API. */
export const EntityIdSchema = z.string().min(1);

/**
 * An id a client sends (path parameter or body field). Ids are opaque strings of letters, digits, '-' and
 * '_'; the literal strings 'undefined' and 'null' come from stringified missing values and are refused
 * rather than looked up (SPEC 5: such ids are ignored).
 */
export const IdSchema = z
  .string()
  .trim()
  .min(1, 'Id is required')
  .max(64, 'Id is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id')
  .refine((id) => id !== 'undefined' && id !== 'null', 'Invalid id');

/** API-CONTRACT: every entity carries both `id` and `_id` with the same value. */
export const idFields = { id: EntityIdSchema, _id: EntityIdSchema };

export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Timestamps travel as ISO 8601 strings (`Date.prototype.toISOString`). */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** SPEC 5: the full phone sent is the dial code followed by the typed number. Per-country checks live in rules. */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

export const PhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalisePhone(value) : value),
  z.string().regex(PHONE_PATTERN, 'Enter the phone number in international format, e.g. +26876123456'),
);

export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';

/** An email address; 254 characters is the longest a mail server accepts. */
export const EmailSchema = z.email(INVALID_EMAIL_MESSAGE).max(254);

/** A required free-text field: trimmed, then non-empty. */
export function requiredText(label: string, max: number) {
  return z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Forms send '' (or null) for an untouched optional input; that means 'not given'. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** SPEC 5 and 9: in filters, an empty input or 0 clears the filter. */
export function blankOrZeroToUndefined(value: unknown): unknown {
  if (value === null || value === 0) return undefined;
  if (typeof value === 'string' && (value.trim() === '' || Number(value) === 0)) return undefined;
  return value;
}

/**
 * A `page&limit` query. Query strings carry text, so values are coerced; a blank value falls back to the
 * default instead of failing.
 */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
    ),
  });
}

/** API-CONTRACT: a page of a list answers its items with these three fields. */
export const pageFields = {
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().nonnegative(),
};

export const PageQuerySchema = pageQuerySchema(PAGE_SIZES.liked);
export type PageQuery = z.infer<typeof PageQuerySchema>;
