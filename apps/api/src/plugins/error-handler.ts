import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, INVALID_TOKEN_MESSAGE, type ErrorKind, type FieldError } from '../errors.ts';

/** The body of every failed answer, whoever sends it: this handler, the framework hooks, the socket-level handler. */
export function envelope(message: string, errors?: FieldError[]) {
  return { success: false as const, error: message, message, ...(errors?.length ? { errors } : {}) };
}

/** The status of each kind of domain error: the only place a service's failure meets HTTP. */
const STATUS_OF: Record<ErrorKind, number> = {
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  unreadable: 422,
  'rate-limited': 429,
  'delivery-failed': 502,
  unavailable: 503,
};

/** 22021: character not in the encoding (NUL); 22P02: text that is not a valid value of the column's type. */
const BAD_INPUT_CODES = new Set(['22021', '22P02']);

/** 23503: a row refers to one that is gone (a foreign key). */
const FOREIGN_KEY_VIOLATION = '23503';

interface PostgresError {
  code: string;
  /** PGlite names it `constraint`, postgres.js `constraint_name`. */
  constraint?: string;
  constraint_name?: string;
}

/** Both drivers report the SQLSTATE as `code`, on the error itself or on the cause Drizzle wraps it in. */
function postgresError(error: unknown): PostgresError | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PostgresError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns every failure into the API's error envelope with an honest status; never a 500 for bad input. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.status(STATUS_OF[error.kind]).send(envelope(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(envelope(errors[0]?.message ?? 'Invalid request', errors));
    }
    // Input the database refuses to store (a NUL character, a malformed id) is bad input, not a server fault.
    const database = postgresError(error);
    if (database && BAD_INPUT_CODES.has(database.code)) {
      return reply
        .status(400)
        .send(envelope('The request contains characters or values that cannot be stored'));
    }
    if (database?.code === FOREIGN_KEY_VIOLATION) {
      // The caller's own account went between the token check and the write (deleted meanwhile): sign them out.
      const constraint = database.constraint ?? database.constraint_name ?? '';
      if (request.user && constraint.endsWith('_users_id_fk')) {
        return reply.status(401).send(envelope(INVALID_TOKEN_MESSAGE));
      }
      return reply.status(409).send(envelope('What this refers to no longer exists'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope('Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(envelope(error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(envelope(`No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}
