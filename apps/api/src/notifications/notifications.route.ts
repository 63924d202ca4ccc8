import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { NotificationService } from './notification.service.ts';

export interface NotificationRouteServices {
  notifications: NotificationService;
}

/** The caller's own notifications: listed, marked read one by one or all at once. */
export const notificationRoutes: FastifyPluginAsync<NotificationRouteServices> = async (
  app,
  { notifications },
) => {
  defineRoutes(app, {
    'GET /notifications': {
      access: 'signed-in',
      handler: async ({ query, user }) => notifications.list(user.id, query),
    },
    'PUT /notifications/read-all': {
      access: 'signed-in',
      handler: async ({ user }) => notifications.markAllRead(user.id),
    },
    'PUT /notifications/:id/read': {
      access: 'signed-in',
      handler: async ({ params, user }) => notifications.markRead(user.id, params.id),
    },
  });
};
