import { ApiError } from '@autoreel/api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field, from zod issues or the API's errors[] (both name the field by its path). */
export function firstErrorPerField<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = (typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.')) as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Field errors the API answered with (400 errors[]), keyed like the form's fields. */
export function apiFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!(error instanceof ApiError)) return {};
  return firstErrorPerField(
    error.errors.map((e) => ({ path: e.field, message: e.message })),
    fields,
  );
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
