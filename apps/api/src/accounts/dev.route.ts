import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import { isLoopbackAddress } from '../plugins/loopback.ts';
import type { DevOutboxService } from './dev-outbox.service.ts';

export const DEV_OUTBOX_LOOPBACK_MESSAGE = 'The development outbox answers only requests from this machine';

/**
 * Development-only view of the OTP outbox (API-CONTRACT 'Development outbox'). Left out in production, so there it
 * answers 404 like any unknown path. It answers only callers on loopback, judged by the socket's own peer address:
 * X-Forwarded-For (request.ip under TRUST_PROXY) is whatever the client wrote, so it is never asked.
 */
export const devRoutes: FastifyPluginAsync<{ devOutbox: DevOutboxService; production: boolean }> = async (
  app,
  { devOutbox, production },
) => {
  defineRoutes(
    app,
    {
      'GET /dev/outbox': production
        ? null
        : {
            access: 'anyone',
            options: {
              onRequest: async (request) => {
                if (!isLoopbackAddress(request.raw.socket.remoteAddress))
                  throw forbidden(DEV_OUTBOX_LOOPBACK_MESSAGE);
              },
            },
            handler: async ({ query }) => devOutbox.list(query.phone, query.limit),
          },
    },
    { tags: ['dev'] },
  );
};
