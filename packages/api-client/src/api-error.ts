import { NETWORK_ERROR, requestFailedMessage } from '@autoreel/core';

export interface FieldError {
  field: string;
  message: string;
}

/** A failed call: the server's message (or the SPEC's fallback text), its status, and any field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly body: unknown;

  constructor(message: string, status: number, errors: FieldError[] = [], body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** Status 0: the request never got an answer. */
  static network(cause: unknown): ApiError {
    const error = new ApiError(NETWORK_ERROR, 0);
    error.cause = cause;
    return error;
  }

  /** Failure gives the message or error field, plus errors[] (SPEC 7); else 'Request failed ({status})'. */
  static fromResponse(status: number, body: unknown): ApiError {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const text = [record['message'], record['error']].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    const errors = Array.isArray(record['errors']) ? (record['errors'] as FieldError[]) : [];
    return new ApiError(text ?? requestFailedMessage(status), status, errors, body);
  }
}
