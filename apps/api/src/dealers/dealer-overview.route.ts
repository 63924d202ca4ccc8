import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { DealerOverviewService } from './dealer-overview.service.ts';

/** The dealer dashboard's overview: the caller's own dealership only (403 for anyone without one). */
export const dealerOverviewRoutes: FastifyPluginAsync<{ dealerOverview: DealerOverviewService }> = async (
  app,
  { dealerOverview },
) => {
  defineRoutes(
    app,
    {
      'GET /dealers/me/overview': {
        access: 'signed-in',
        handler: async ({ query, user }) => dealerOverview.get(user, query.days),
      },
    },
    { tags: ['dealers'] },
  );
};
