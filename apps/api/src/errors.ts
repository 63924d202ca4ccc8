/** A field-level problem, reported to clients under `errors` so forms can show it under the input. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * What went wrong, in the domain's words. Services throw these and know nothing of HTTP; the one error handler
 * (plugins/error-handler.ts) maps each kind to its status.
 */
export type ErrorKind =
  | 'invalid-input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'unreadable'
  | 'rate-limited'
  | 'delivery-failed'
  | 'unavailable';

/** The message clients recognise as 'refresh and retry once' (SPEC 8). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{success: false, error, message, errors?}` with the status of its kind.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly errors: FieldError[] | undefined;
  /** Seconds a client should wait before retrying (rate-limited answers). */
  readonly retryAfter: number | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { errors?: FieldError[]; retryAfter?: number } = {},
  ) {
    super(message);
    this.kind = kind;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }
}

export const invalidInput = (message: string, errors?: FieldError[]) =>
  new AppError('invalid-input', message, errors ? { errors } : {});
export const unauthenticated = (message = 'Unauthorized') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
/** This process takes no traffic now (starting or draining); another one answers. */
export const unavailable = (message: string) => new AppError('unavailable', message);
export const notFound = (message = 'Not found') => new AppError('not-found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const rateLimited = (message: string, retryAfter: number) =>
  new AppError('rate-limited', message, { retryAfter });
