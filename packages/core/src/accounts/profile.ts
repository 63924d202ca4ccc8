import { z } from 'zod';
import { EmailSchema, FALLBACK_COUNTRIES, requiredText } from '../shared/index.ts';

/** The longest name an account may carry; the same bound as signup's. */
export const PROFILE_NAME_MAX_LENGTH = 100;

/** A blank email means 'remove it' (null); a missing one means 'leave it as it is' (undefined). */
function blankEmailToNull(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * PUT /auth/me: the signed-in user's own name and email. Email is optional as at signup: sent blank or null it is
 * removed, left out it stays as it is, so a client that edits only the name cannot wipe the email by accident. The
 * phone is not editable here: it is the account's login and is proved by WhatsApp codes.
 */
export const ProfileUpdateBodySchema = z.object({
  name: requiredText('Name', PROFILE_NAME_MAX_LENGTH),
  email: z.preprocess(blankEmailToNull, EmailSchema.nullable().optional()),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateBodySchema>;

/** DELETE /account: the account's password proves the owner is asking, not only someone holding a token. */
export const AccountDeleteBodySchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200),
});
export type AccountDeleteBody = z.infer<typeof AccountDeleteBodySchema>;

/** What DELETE /account answers; `erasedBy` is when the personal data left is erased at the latest. */
export const AccountDeletedSchema = z.object({
  deleted: z.literal(true),
  erasedBy: z.string(),
});
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>;

/** SPEC 9: personal data of a deleted account is erased within 30 days. */
export const ACCOUNT_DELETION_DAYS = 30;

/** The countries a buyer may choose for prices and budgets: the picker's list (the built-in countries). */
export const BUYER_COUNTRY_CODES = FALLBACK_COUNTRIES.map((country) => country.code);

/**
 * PUT /account/country: the signed-in person's own choice of country for prices and budgets, kept with the account so
 * it follows them to another device (the device keeps it too, for when they are signed out); null forgets it.
 */
export const AccountCountryBodySchema = z.object({
  countryCode: z
    .string()
    .refine((code) => BUYER_COUNTRY_CODES.includes(code), {
      message: `Choose one of ${BUYER_COUNTRY_CODES.join(', ')}`,
    })
    .nullable(),
});
export type AccountCountryBody = z.infer<typeof AccountCountryBodySchema>;
export const AccountCountrySchema = z.object({ countryCode: z.string().nullable() });
