import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../errors.ts';

function envelope(message: string, errors?: FieldError[]) {
  return { success: false as const, error: message, message, ...(errors?.length ? { errors } : {}) };
}

/** Turns every failure into the API's error envelope with an honest status; never a 500 for bad input. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(envelope(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(envelope(errors[0]?.message ?? 'Invalid request', errors));
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
