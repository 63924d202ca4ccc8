import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.ts';
import { accountRoutes } from './accounts/account.route.ts';
import { authRoutes } from './accounts/auth.route.ts';
import { countriesRoutes } from './accounts/countries.route.ts';
import { devRoutes } from './accounts/dev.route.ts';
import { aiRoutes } from './ai/ai.route.ts';
import { carImportRoutes } from './cars/car-import.route.ts';
import { carRoutes } from './cars/cars.route.ts';
import { dealerOverviewRoutes } from './dealers/dealer-overview.route.ts';
import { dealerReviewRoutes } from './dealers/dealer-review.route.ts';
import { dealerApplicationRoutes, dealerRoutes } from './dealers/dealers.route.ts';
import { feedbackRoutes } from './feedback/feedback.route.ts';
import { healthRoutes } from './http/health.route.ts';
import { mediaRoutes } from './media/media.route.ts';
import { messageRoutes } from './messaging/messages.route.ts';
import { moderationRoutes } from './moderation/moderation.route.ts';
import { notificationRoutes } from './notifications/notifications.route.ts';
import { savedSearchRoutes } from './saved-searches/saved-searches.route.ts';
import { notificationChannelRoutes } from './notifications/settings/notification-channels.route.ts';
import { socialRoutes } from './social/social.route.ts';

/**
 * Every route module under /api, each given only the services it calls. This is the one place that reads the
 * context for routes; a route module knows its services, never the context.
 */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  const { writeLimits } = ctx;
  await api.register(healthRoutes, { health: ctx.health, readiness: ctx.readiness });
  await api.register(mediaRoutes, {
    media: ctx.media,
    quotas: ctx.quotas,
    privateMedia: ctx.privateMedia,
    now: ctx.now,
  });
  await api.register(messageRoutes, {
    messaging: ctx.messaging,
    messageEvents: ctx.messageEvents,
    userAnswers: ctx.userAnswers,
    signedIn: ctx.signedIn,
    writeLimits,
    presence: ctx.notificationSettings,
  });
  await api.register(aiRoutes, { ai: ctx.ai, publicAnswers: ctx.publicAnswers, writeLimits });
  await api.register(carRoutes, { cars: ctx.cars, publicAnswers: ctx.publicAnswers });
  await api.register(carImportRoutes, { cars: ctx.cars, writeLimits });
  await api.register(dealerRoutes, { dealers: ctx.dealers });
  await api.register(dealerOverviewRoutes, { dealerOverview: ctx.dealerOverview });
  await api.register(dealerApplicationRoutes, { dealers: ctx.dealers });
  await api.register(authRoutes, { auth: ctx.auth });
  await api.register(countriesRoutes, {
    countries: ctx.countries,
    geoCountryHeader: ctx.config.geoCountryHeader,
  });
  await api.register(devRoutes, { devOutbox: ctx.devOutbox, production: ctx.config.production });
  await api.register(socialRoutes, { social: ctx.social, writeLimits });
  await api.register(dealerReviewRoutes, { dealerReviews: ctx.dealerReviews, writeLimits });
  await api.register(feedbackRoutes, { feedback: ctx.feedback, feedbackDelivery: ctx.feedbackDelivery });
  await api.register(notificationRoutes, { notifications: ctx.notifications });
  await api.register(moderationRoutes, {
    reports: ctx.reports,
    moderation: ctx.moderation,
    blocks: ctx.blocks,
    writeLimits,
  });
  await api.register(savedSearchRoutes, { savedSearches: ctx.savedSearches });
  await api.register(accountRoutes, {
    account: ctx.account,
    accountDeletion: ctx.accountDeletion,
    writeLimits,
  });
  await api.register(notificationChannelRoutes, {
    notificationSettings: ctx.notificationSettings,
    pushSubscriptions: ctx.pushSubscriptions,
  });
};
