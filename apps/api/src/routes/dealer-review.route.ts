import { AnyIdParamsSchema as IdParams, ReviewCreateBodySchema, ReviewsQuerySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';

const tags = ['dealers'];

/** SPEC 7 'Dealers': GET and POST /dealers/{id}/reviews. */
export const dealerReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dealers/:id/reviews',
    { schema: { tags, params: IdParams, querystring: ReviewsQuerySchema } },
    async (request) => ({
      success: true as const,
      data: await ctx.dealerReviews.list(request.params.id, request.query),
    }),
  );

  app.post(
    '/dealers/:id/reviews',
    { schema: { tags, params: IdParams, body: ReviewCreateBodySchema }, ...ctx.writeLimits.guard('review') },
    async (request, reply) => {
      const user = requireUser(request);
      const saved = await ctx.dealerReviews.save(user.id, request.params.id, request.body);
      return reply.status(saved.created ? 201 : 200).send({ success: true as const, data: saved.data });
    },
  );
};
