import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../../http/contract-routes.ts';
import type { PushSubscriptionService } from '../push/push-subscription.service.ts';
import type { NotificationSettingsService } from './notification-settings.service.ts';

export interface NotificationChannelRouteServices {
  notificationSettings: NotificationSettingsService;
  pushSubscriptions: PushSubscriptionService;
}

/**
 * The channels beyond the open tab: the caller's own settings (no user id in the path: each acts on the caller),
 * and this device's push subscription.
 */
export const notificationChannelRoutes: FastifyPluginAsync<NotificationChannelRouteServices> = async (
  app,
  { notificationSettings, pushSubscriptions },
) => {
  const security = [{ bearer: [] }];
  defineRoutes(
    app,
    {
      'GET /account/notification-settings': {
        access: 'signed-in',
        docs: { security, summary: 'Your notification channels per kind, quiet hours and time zone' },
        handler: async ({ user }) => notificationSettings.get(user),
      },
      'PUT /account/notification-settings': {
        access: 'signed-in',
        docs: { security, summary: 'Replace your notification settings' },
        handler: async ({ user, body }) => notificationSettings.update(user, body),
      },
      'GET /push/public-key': {
        access: 'anyone',
        docs: { summary: "The server's VAPID public key; null while push is not set up" },
        handler: async () => pushSubscriptions.publicKey(),
      },
      'POST /push-subscriptions': {
        access: 'signed-in',
        docs: {
          security,
          summary: "Receive push notifications on this device (the browser's PushSubscription)",
        },
        handler: async ({ user, body }) => pushSubscriptions.subscribe(user, body),
      },
      'DELETE /push-subscriptions': {
        access: 'signed-in',
        docs: { security, summary: 'Stop push notifications on this device' },
        handler: async ({ user, body }) => pushSubscriptions.unsubscribe(user, body.endpoint),
      },
    },
    { tags: ['notifications'] },
  );
};
