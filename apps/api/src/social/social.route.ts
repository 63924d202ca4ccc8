import { ClientIdSchema } from '@autoreel/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invalidInput } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { SocialService, Viewer } from './social.service.ts';

export interface SocialRouteServices {
  social: SocialService;
  writeLimits: WriteLimits;
}

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
export const socialRoutes: FastifyPluginAsync<SocialRouteServices> = async (app, { social, writeLimits }) => {
  defineRoutes(
    app,
    {
      'POST /cars/:id/like': {
        access: 'user',
        options: writeLimits.guard('like'),
        handler: async ({ params, user }) => social.toggleLike(user.id, params.id),
      },
      'GET /cars/:id/likes': async ({ params, query }) => social.likes(params.id, query),
      'POST /cars/:id/views': {
        access: 'anyone',
        options: writeLimits.guard('view'),
        handler: async ({ params, body, request }) =>
          social.recordView(params.id, viewerOf(request, body.clientId), request.ip),
      },
      'GET /cars/:id/views': async ({ params }) => social.views(params.id),
      'GET /cars/:id/comments': async ({ params, query, user }) =>
        social.comments(params.id, user?.id ?? null, query),
      'POST /cars/:id/comments': {
        access: 'user',
        options: writeLimits.guard('comment'),
        handler: async ({ params, body, user }) => social.addComment(user.id, params.id, body.comment),
      },
      'POST /cars/comments/:id/like': {
        access: 'user',
        options: writeLimits.guard('like'),
        handler: async ({ params, user }) => social.toggleCommentLike(user.id, params.id),
      },
      'POST /cars/comments/:id/reply': {
        access: 'user',
        options: writeLimits.guard('comment'),
        handler: async ({ params, body, user }) => social.reply(user.id, params.id, body.comment),
      },
      'POST /cars/:id/share': {
        access: 'anyone',
        options: writeLimits.guard('share'),
        handler: async ({ params, body, user }) =>
          social.share(params.id, user?.id ?? null, body.platform ?? null),
      },
      // :id is the car id. The body's userId is never trusted: the share is recorded for the signed-in user, if any.
      'POST /shares/:id/track': {
        access: 'anyone',
        options: writeLimits.guard('share'),
        handler: async ({ params, body, user }) => social.share(params.id, user?.id ?? null, body.platform),
      },
      'GET /cars/:id/stats': async ({ params, user }) => social.stats(params.id, user?.id ?? null),
      'POST /cars/stats/batch': async ({ body, user }) => social.statsBatch(body.carIds, user?.id ?? null),
      'POST /cars/likes/batch-status': async ({ body, user }) =>
        social.likeStatusBatch(body.carIds, user?.id ?? null),
    },
    { tags: ['social'] },
  );
};
