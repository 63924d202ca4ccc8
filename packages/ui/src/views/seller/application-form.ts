import { ApiError, type FieldError } from '@autoreel/api-client';
import { DealerApplicationCreateBodySchema } from '@autoreel/core';
import type { ApplicationInput } from './useSellerApplication.ts';

/** The form's inputs as the API names them in its field errors (SPEC 5). */
export type ApplicationField = 'dealerName' | 'location';
export type ApplicationFieldErrors = Partial<Record<ApplicationField, string>>;

/** SPEC 5: the general line above the inputs whenever a field is wrong. */
export const FIX_ERRORS_MESSAGE = 'Please fix the errors below.';
/** SPEC 8 'Dealer': the fallback when the server gives no reason, and the text for a request that got no answer. */
export const APPLY_FAILED_MESSAGE = 'Failed to submit application. Please try again.';
export const APPLY_OFFLINE_MESSAGE =
  'Failed to submit application. Please check your connection and try again.';

/** The body schema says businessName; the form (and the API's errors) say dealerName. */
function toField(name: string): ApplicationField | null {
  if (name === 'businessName' || name === 'dealerName') return 'dealerName';
  if (name === 'location') return 'location';
  return null;
}

function collect(errors: readonly FieldError[]): ApplicationFieldErrors {
  const result: ApplicationFieldErrors = {};
  for (const { field, message } of errors) {
    const key = toField(field);
    // The first message per input is the one to fix first.
    if (key && !result[key]) result[key] = message;
  }
  return result;
}

/**
 * Checks the form with the schema the API uses, so the browser and the server can never disagree on what is
 * required (dealership name and location for dealers; location only for private sellers).
 */
export function validateApplication(input: ApplicationInput): ApplicationFieldErrors {
  const parsed = DealerApplicationCreateBodySchema.safeParse(input);
  if (parsed.success) return {};
  return collect(
    parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
  );
}

export function hasErrors(errors: ApplicationFieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export interface SubmitFailure {
  /** Shown above the form. */
  message: string;
  /** Shown under the inputs they belong to. */
  fields: ApplicationFieldErrors;
}

/** Reads a failed submit as SPEC 8 words it: field errors under the inputs, else the server's reason or a fallback. */
export function readSubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ApiError)) return { message: APPLY_FAILED_MESSAGE, fields: {} };
  if (error.status === 0) return { message: APPLY_OFFLINE_MESSAGE, fields: {} };
  const fields = collect(error.errors);
  if (hasErrors(fields)) return { message: FIX_ERRORS_MESSAGE, fields };
  const body =
    typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
  const fromServer = [body['error'], body['message']].find((v) => typeof v === 'string' && v.trim() !== '');
  return { message: typeof fromServer === 'string' ? fromServer : APPLY_FAILED_MESSAGE, fields: {} };
}
