import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';
import { OVERVIEW_PERIODS, type OverviewPeriod } from './dealer-overview.service.ts';
import { signedIn } from '../http/route-guards.ts';

const PERIOD_MESSAGE = `days must be ${OVERVIEW_PERIODS.join(' or ')}`;

/** ?days=7|30, 7 when absent or blank. */
export const DealerOverviewQuerySchema = z.object({
  days: z
    .preprocess(
      (value) => (value === undefined || value === '' ? undefined : Number(value)),
      z
        .number(PERIOD_MESSAGE)
        .refine(
          (n): n is OverviewPeriod => (OVERVIEW_PERIODS as readonly number[]).includes(n),
          PERIOD_MESSAGE,
        )
        .optional(),
    )
    .transform((n) => n ?? 7),
});

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
