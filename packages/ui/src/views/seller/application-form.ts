import { DealerApplicationCreateBodySchema } from '@autoreel/core';
import {
  readFormFailure,
  schemaFieldErrors,
  type FieldErrors,
  type FormFailure,
} from '../../platform/form-errors.ts';
import type { ApplicationInput } from '../../dealers/useSellerApplication.ts';

export { FIX_ERRORS_MESSAGE, hasErrors } from '../../platform/form-errors.ts';

/** The form's inputs as the API names them in its field errors (SPEC 5). */
export type ApplicationField = 'dealerName' | 'location';
export type ApplicationFieldErrors = FieldErrors<ApplicationField>;

/** SPEC 8 'Dealer': the fallback when the server gives no reason, and the text for a request that got no answer. */
export const APPLY_FAILED_MESSAGE = 'Failed to submit application. Please try again.';
export const APPLY_OFFLINE_MESSAGE =
  'Failed to submit application. Please check your connection and try again.';

export const APPLICATION_FIELDS: readonly ApplicationField[] = ['dealerName', 'location'];
/** The body schema says businessName; the form (and the API's errors) say dealerName. */
const ALIASES = { businessName: 'dealerName' } as const;

/**
 * Checks the form with the schema the API uses, so the browser and the server can never disagree on what is
 * required (dealership name and location for dealers; location only for private sellers).
 */
export function validateApplication(input: ApplicationInput): ApplicationFieldErrors {
  const parsed = DealerApplicationCreateBodySchema.safeParse(input);
  return parsed.success ? {} : schemaFieldErrors(parsed.error, APPLICATION_FIELDS, ALIASES);
}

export type SubmitFailure = FormFailure<ApplicationField>;

/** Reads a failed submit as SPEC 8 words it: field errors under the inputs, else the server's reason or a fallback. */
export function readSubmitFailure(error: unknown): SubmitFailure {
  return readFormFailure(error, APPLICATION_FIELDS, {
    fallback: APPLY_FAILED_MESSAGE,
    offline: APPLY_OFFLINE_MESSAGE,
    aliases: ALIASES,
  });
}
