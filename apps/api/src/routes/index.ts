import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountRoutes } from './account.route.ts';
import { aiRoutes } from './ai.route.ts';
import { carRoutes } from './cars.route.ts';
import { dealerApplicationRoutes, dealerRoutes } from './dealers.route.ts';
import { dealerOverviewRoutes } from './dealer-overview.route.ts';
import { authRoutes } from './auth.route.ts';
import { countriesRoutes } from './countries.route.ts';
import { devRoutes } from './dev.route.ts';
import { messageRoutes } from './messages.route.ts';
import { dealerReviewRoutes } from './dealer-review.route.ts';
import { feedbackRoutes } from './feedback.route.ts';
import { healthRoutes } from './health.route.ts';
import { mediaRoutes } from './media.route.ts';
import { socialRoutes } from './social.route.ts';

/** Every route module under /api, each given the context it builds its services from. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  await api.register(healthRoutes, { ctx });
  await api.register(mediaRoutes, { ctx });
  await api.register(messageRoutes, { ctx });
  await api.register(aiRoutes, { ctx });
  await api.register(carRoutes, { ctx });
  await api.register(dealerRoutes, { ctx });
  await api.register(dealerOverviewRoutes, { ctx });
  await api.register(dealerApplicationRoutes, { ctx });
  await api.register(authRoutes, { ctx });
  await api.register(countriesRoutes, { ctx });
  await api.register(devRoutes, { ctx });
  await api.register(socialRoutes, { ctx });
  await api.register(dealerReviewRoutes, { ctx });
  await api.register(feedbackRoutes, { ctx });
  await api.register(accountRoutes, { ctx });
};
