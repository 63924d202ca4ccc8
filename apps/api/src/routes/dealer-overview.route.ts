import { DealerOverviewQuerySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';
import { signedIn } from './route-guards.ts';

/** The dealer dashboard's overview: the caller's own dealership only (403 for anyone without one). */
export const dealerOverviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dealers/me/overview',
    { ...signedIn, schema: { tags: ['dealers'], querystring: DealerOverviewQuerySchema } },
    async (request) => ({
      success: true as const,
      data: await ctx.dealerOverview.get(requireUser(request), request.query.days),
    }),
  );
};
