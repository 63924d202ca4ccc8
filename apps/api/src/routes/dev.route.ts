import { DevOutboxListQuerySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { isLoopbackAddress } from '../plugins/loopback.ts';

export const DEV_OUTBOX_LOOPBACK_MESSAGE = 'The development outbox answers only requests from this machine';

/**
 * Development-only view of the OTP outbox (API-CONTRACT 'Development outbox'). Registered only outside production,
 * so there it answers 404 like any unknown path. It answers only callers on loopback, judged by the socket's own
 * peer address: X-Forwarded-For (request.ip under TRUST_PROXY) is whatever the client wrote, so it is never asked.
 */
export const devRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  if (ctx.config.production) return;
  app.get(
    '/dev/outbox',
    {
      onRequest: async (request) => {
        if (!isLoopbackAddress(request.raw.socket.remoteAddress))
          throw forbidden(DEV_OUTBOX_LOOPBACK_MESSAGE);
      },
      schema: {
        tags: ['dev'],
        querystring: DevOutboxListQuerySchema,
      },
    },
    async (request) => ({
      success: true,
      data: await ctx.devOutbox.list(request.query.phone, request.query.limit),
    }),
  );
};
