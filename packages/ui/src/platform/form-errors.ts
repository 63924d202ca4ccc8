import { ApiError } from '@autoreel/api-client';

/**
 * One reading of a failed form for every form of the product: field errors (from the form's own schema check or
 * the API's 400 `errors: [{field, message}]`) go under their inputs, a request that got no answer says so, and
 * anything else shows the server's reason or the form's fallback. Forms never word these cases themselves.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Other names the API uses for a form's inputs, e.g. `{ businessName: 'dealerName' }`. */
export type FieldAliases<F extends string> = Readonly<Partial<Record<string, F>>>;

/** What a failed schema parse carries (a ZodError), without the UI depending on zod itself. */
export interface ParseIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** SPEC 5: the general line above the inputs whenever a field is wrong. */
export const FIX_ERRORS_MESSAGE = 'Please fix the errors below.';
/** The one text for a request that never got an answer (status 0), unless a form's SPEC text words it. */
export const OFFLINE_MESSAGE = 'Could not reach AutoReel. Check your connection and try again.';

function collect<F extends string>(
  entries: Iterable<{ field: string; message: string }>,
  fields: readonly F[],
  aliases: FieldAliases<F>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { field, message } of entries) {
    // 'features.0' belongs to the features input; the first message per input is the one to fix first.
    const top = field.split('.')[0] ?? '';
    const name = aliases[top] ?? (fields.includes(top as F) ? (top as F) : undefined);
    if (name !== undefined && errors[name] === undefined) errors[name] = message;
  }
  return errors;
}

/** The first message per top-level input of a failed schema parse. */
export function schemaFieldErrors<F extends string>(
  error: ParseIssues,
  fields: readonly F[],
  aliases: FieldAliases<F> = {},
): FieldErrors<F> {
  return collect(issueFieldErrors(error), fields, aliases);
}

/** A failed schema parse as the API words its 400: a `{field, message}` per issue, the field a dotted path. */
export function issueFieldErrors(error: ParseIssues): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** The API's field errors (`errors: [{field, message}]`) for the inputs a form shows. */
export function apiFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  aliases: FieldAliases<F> = {},
): FieldErrors<F> {
  return error instanceof ApiError ? collect(error.errors, fields, aliases) : {};
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The server's own words (`message` or `error` of the envelope), if it gave any. */
function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body =
    typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
  const text = [body['message'], body['error']].find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof text === 'string' ? text : undefined;
}

/** A failure outside any form (a toast, a list): the connection text offline, else the reason or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isOffline(error)) return OFFLINE_MESSAGE;
  return serverReason(error) ?? fallback;
}

export interface FormFailure<F extends string> {
  /** Shown above or below the form. */
  message: string;
  /** Shown under the inputs they belong to. */
  fields: FieldErrors<F>;
}

export interface FormFailureOptions<F extends string> {
  /** When the server gave no reason. */
  fallback: string;
  /** Put before the server's reason: 'Failed to update car' + ': ' + reason. */
  prefix?: string;
  /** A form's own words for a request that got no answer. */
  offline?: string;
  aliases?: FieldAliases<F>;
}

/** How a failed submit reads on a form: field errors under their inputs, else one line that says what went wrong. */
export function readFormFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  { fallback, prefix, offline = OFFLINE_MESSAGE, aliases = {} }: FormFailureOptions<F>,
): FormFailure<F> {
  if (isOffline(error)) return { message: offline, fields: {} };
  const found = apiFieldErrors(error, fields, aliases);
  if (hasErrors(found)) return { message: FIX_ERRORS_MESSAGE, fields: found };
  const reason = serverReason(error);
  if (reason === undefined) return { message: fallback, fields: {} };
  return { message: prefix ? `${prefix}: ${reason}` : reason, fields: {} };
}

/** For a form that shows one line under its only input: the field's message when the server named one. */
export function failureLine<F extends string>(
  error: unknown,
  fields: readonly F[],
  options: FormFailureOptions<F>,
): string {
  const failure = readFormFailure(error, fields, options);
  return Object.values<string | undefined>(failure.fields).find(Boolean) ?? failure.message;
}
