import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { BlockService } from './block.service.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ReportService } from './report.service.ts';

export interface ModerationRouteServices {
  reports: ReportService;
  moderation: ModerationService;
  blocks: BlockService;
  writeLimits: WriteLimits;
}

/** Issue 28: reports of anything, the admins' moderation desk and audit log, and blocks. */
export const moderationRoutes: FastifyPluginAsync<ModerationRouteServices> = async (
  app,
  { reports, moderation, blocks, writeLimits },
) => {
  defineRoutes(app, {
    'POST /reports': {
      access: 'signed-in',
      handler: async ({ body, user, request, reply }) => {
        const { created, ...filed } = await reports.file(user.id, request.ip, body);
        void reply.status(created ? 201 : 200);
        return filed;
      },
    },
    'GET /admin/reports': { access: 'admin', handler: async ({ query }) => moderation.queue(query) },
    'POST /admin/reports/actions': {
      access: 'admin',
      handler: async ({ body, user }) => moderation.act(user.id, body),
    },
    'GET /admin/audit': {
      access: 'admin',
      handler: async ({ query }) => moderation.audit(query.page, query.limit),
    },
    'GET /users/me/blocked': { access: 'signed-in', handler: async ({ user }) => blocks.list(user.id) },
    'POST /users/:id/block': {
      access: 'signed-in',
      options: writeLimits.guard('block'),
      handler: async ({ params, user }) => blocks.block(user.id, params.id),
    },
    'DELETE /users/:id/block': {
      access: 'signed-in',
      options: writeLimits.guard('block'),
      handler: async ({ params, user }) => blocks.unblock(user.id, params.id),
    },
  });
};
