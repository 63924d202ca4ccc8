import {
  ClientIdSchema,
  ShareCountBodySchema,
  TrackShareBodySchema,
  ViewTrackBodySchema,
} from '@autoreel/core';
import { AnyIdParamsSchema as IdParams, LikersQuerySchema } from '@autoreel/core';
import { CarIdsBatchBodySchema, CommentBodySchema, CommentsQuerySchema } from '@autoreel/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { invalidInput } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { Viewer } from './social.service.ts';

const tags = ['social'];

/**
 * The viewer of a view track: the signed-in user, else the client id from the body or X-Client-Id, else the
 * network address (clients that send neither are still counted once per hour).
 */
function viewerOf(request: FastifyRequest, bodyClientId: string | undefined): Viewer {
  if (request.user) return { userId: request.user.id };
  if (bodyClientId) return { clientId: bodyClientId };
  const header = request.headers['x-client-id'];
  if (typeof header === 'string' && header !== '') {
    const parsed = ClientIdSchema.safeParse(header);
    if (!parsed.success) {
      throw invalidInput('Invalid client id', [
        { field: 'clientId', message: parsed.error.issues[0]?.message ?? 'Invalid client id' },
      ]);
    }
    return { clientId: parsed.data };
  }
  return { ip: request.ip };
}

/**
 * SPEC 7 'Social'. Paths under /cars/comments, /cars/stats and /cars/likes are static segments, which Fastify's
 * router prefers over /cars/:id, so they are never read as a car id.
 */
export const socialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const social = ctx.social;
  const limits = ctx.writeLimits;

  app.post(
    '/cars/:id/like',
    { schema: { tags, params: IdParams }, ...limits.guard('like') },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await social.toggleLike(user.id, request.params.id) };
    },
  );

  app.get(
    '/cars/:id/likes',
    { schema: { tags, params: IdParams, querystring: LikersQuerySchema } },
    async (request) => ({
      success: true as const,
      data: await social.likes(request.params.id, request.query),
    }),
  );

  app.post(
    '/cars/:id/views',
    { schema: { tags, params: IdParams, body: ViewTrackBodySchema }, ...limits.guard('view') },
    async (request) => ({
      success: true as const,
      data: await social.recordView(request.params.id, viewerOf(request, request.body.clientId), request.ip),
    }),
  );

  app.get('/cars/:id/views', { schema: { tags, params: IdParams } }, async (request) => ({
    success: true as const,
    data: await social.views(request.params.id),
  }));

  app.get(
    '/cars/:id/comments',
    { schema: { tags, params: IdParams, querystring: CommentsQuerySchema } },
    async (request) => ({
      success: true as const,
      data: await social.comments(request.params.id, request.user?.id ?? null, request.query),
    }),
  );

  app.post(
    '/cars/:id/comments',
    { schema: { tags, params: IdParams, body: CommentBodySchema }, ...limits.guard('comment') },
    async (request, reply) => {
      const user = requireUser(request);
      const comment = await social.addComment(user.id, request.params.id, request.body.comment);
      return reply.status(201).send({ success: true as const, data: comment });
    },
  );

  app.post(
    '/cars/comments/:id/like',
    { schema: { tags, params: IdParams }, ...limits.guard('like') },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await social.toggleCommentLike(user.id, request.params.id) };
    },
  );

  app.post(
    '/cars/comments/:id/reply',
    { schema: { tags, params: IdParams, body: CommentBodySchema }, ...limits.guard('comment') },
    async (request, reply) => {
      const user = requireUser(request);
      const comment = await social.reply(user.id, request.params.id, request.body.comment);
      return reply.status(201).send({ success: true as const, data: comment });
    },
  );

  app.post(
    '/cars/:id/share',
    { schema: { tags, params: IdParams, body: ShareCountBodySchema }, ...limits.guard('share') },
    async (request) => ({
      success: true as const,
      data: await social.share(request.params.id, request.user?.id ?? null, request.body.platform ?? null),
    }),
  );

  // :id is the car id. The body's userId is never trusted: the share is recorded for the signed-in user, if any.
  app.post(
    '/shares/:id/track',
    { schema: { tags, params: IdParams, body: TrackShareBodySchema }, ...limits.guard('share') },
    async (request) => ({
      success: true as const,
      data: await social.share(request.params.id, request.user?.id ?? null, request.body.platform),
    }),
  );

  app.get('/cars/:id/stats', { schema: { tags, params: IdParams } }, async (request) => ({
    success: true as const,
    data: await social.stats(request.params.id, request.user?.id ?? null),
  }));

  app.post('/cars/stats/batch', { schema: { tags, body: CarIdsBatchBodySchema } }, async (request) => ({
    success: true as const,
    data: await social.statsBatch(request.body.carIds, request.user?.id ?? null),
  }));

  app.post(
    '/cars/likes/batch-status',
    { schema: { tags, body: CarIdsBatchBodySchema } },
    async (request) => ({
      success: true as const,
      data: await social.likeStatusBatch(request.body.carIds, request.user?.id ?? null),
    }),
  );
};
