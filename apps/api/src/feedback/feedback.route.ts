import { FeedbackBodySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { INVALID_TOKEN_MESSAGE, unauthenticated } from '../errors.ts';

/**
 * POST /feedback (SPEC 5 'Feedback', SPEC 7 'Feedback and sharing'). Signing in is optional. This module also owns
 * the lifetime of the webhook deliverer: it starts with the server and stops when the server closes.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  ctx.feedbackDelivery.start(app.log);
  // preClose, not onClose: the database is closed by an onClose hook, and a stopping deliverer still writes to it.
  app.addHook('preClose', () => ctx.feedbackDelivery.stop());

  app.post(
    '/feedback',
    { schema: { tags: ['feedback'], body: FeedbackBodySchema } },
    async (request, reply) => {
      // Signing in is optional, but a token that no longer holds (a deleted account's) is refused, not ignored:
      // the feedback would otherwise be sent as anonymous by someone who believes they are signed in.
      if (request.authTokenRejected) throw unauthenticated(INVALID_TOKEN_MESSAGE);
      const source = request.headers['x-client-source'];
      const data = await ctx.feedback.submit(request.body, {
        userId: request.user?.id ?? null,
        ip: request.ip,
        sourceHeader: typeof source === 'string' ? source : undefined,
      });
      return reply.status(201).send({ success: true as const, data });
    },
  );
};
