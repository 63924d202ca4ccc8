import type { FastifyPluginAsync } from 'fastify';
import { INVALID_TOKEN_MESSAGE, unauthenticated } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import type { FeedbackDeliverer } from './feedback-delivery.service.ts';
import type { FeedbackService } from './feedback.service.ts';

export interface FeedbackRouteServices {
  feedback: FeedbackService;
  feedbackDelivery: FeedbackDeliverer;
}

/**
 * POST /feedback (SPEC 5 'Feedback', SPEC 7 'Feedback and sharing'). Signing in is optional. This module also owns
 * the lifetime of the webhook deliverer: it starts with the server and stops when the server closes.
 */
export const feedbackRoutes: FastifyPluginAsync<FeedbackRouteServices> = async (
  app,
  { feedback, feedbackDelivery },
) => {
  feedbackDelivery.start(app.log);
  // preClose, not onClose: the database is closed by an onClose hook, and a stopping deliverer still writes to it.
  app.addHook('preClose', () => feedbackDelivery.stop());

  defineRoutes(
    app,
    {
      'POST /feedback': async ({ body, user, request }) => {
        // Signing in is optional, but a token that no longer holds (a deleted account's) is refused, not ignored:
        // the feedback would otherwise be sent as anonymous by someone who believes they are signed in.
        if (request.authTokenRejected) throw unauthenticated(INVALID_TOKEN_MESSAGE);
        const source = request.headers['x-client-source'];
        return feedback.submit(body, {
          userId: user?.id ?? null,
          ip: request.ip,
          sourceHeader: typeof source === 'string' ? source : undefined,
        });
      },
    },
    { tags: ['feedback'] },
  );
};
