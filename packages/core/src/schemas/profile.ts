import { z } from 'zod';
import { EmailSchema, requiredText } from './common.ts';

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

/** What POST /auth/delete-request answers; `requestedAt` is when the (first) request was recorded. */
export const AccountDeletionRequestSchema = z.object({
  requestedAt: z.string(),
  message: z.string(),
});
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequestSchema>;

/** SPEC 9: accounts are deleted within 30 days of the request. */
export const ACCOUNT_DELETION_DAYS = 30;

export const ACCOUNT_DELETION_MESSAGES = {
  recorded: `Your deletion request is recorded. We will delete your account within ${ACCOUNT_DELETION_DAYS} days.`,
  pending: `A deletion request for this account is already pending. We will delete it within ${ACCOUNT_DELETION_DAYS} days of that request.`,
} as const;
