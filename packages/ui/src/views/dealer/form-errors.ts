import { ApiError } from '@autoreel/api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a failed schema parse carries (a ZodError), without the UI depending on zod itself. */
export interface ParseIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first message per top-level field of a failed parse, for showing under each input. */
export function schemaFieldErrors<F extends string>(
  error: ParseIssues,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The API's field errors (`errors: [{field, message}]`) for the fields a form shows. */
export function apiFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { field, message } of error.errors) {
    const name = field.split('.')[0] as F;
    if (fields.includes(name) && errors[name] === undefined) errors[name] = message;
  }
  return errors;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
