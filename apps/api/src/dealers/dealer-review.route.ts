import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { DealerReviewService } from './dealer-review.service.ts';

export interface DealerReviewRouteServices {
  dealerReviews: DealerReviewService;
  writeLimits: WriteLimits;
}

/** SPEC 7 'Dealers': GET and POST /dealers/{id}/reviews. */
export const dealerReviewRoutes: FastifyPluginAsync<DealerReviewRouteServices> = async (
  app,
  { dealerReviews, writeLimits },
) => {
  defineRoutes(
    app,
    {
      'GET /dealers/:id/reviews': async ({ params, query }) => dealerReviews.list(params.id, query),
      'POST /dealers/:id/reviews': {
        access: 'user',
        options: writeLimits.guard('review'),
        // 201 for a first review, 200 for one that replaces the caller's earlier review.
        handler: async ({ params, body, user, reply }) => {
          const saved = await dealerReviews.save(user.id, params.id, body);
          void reply.status(saved.created ? 201 : 200);
          return saved.data;
        },
      },
    },
    { tags: ['dealers'] },
  );
};
