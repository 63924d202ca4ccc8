/** A field-level problem, reported to clients under `errors` so forms can show it under the input. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{success: false, error, message, errors?}` with the status it carries.
 */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Seconds a client should wait before retrying (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, options: { errors?: FieldError[]; retryAfter?: number } = {}) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfter: number) =>
  new AppError(429, message, { retryAfter });
