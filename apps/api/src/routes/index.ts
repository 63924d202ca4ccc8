import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { carRoutes } from './cars.route.ts';
import { dealerApplicationRoutes, dealerRoutes } from './dealers.route.ts';
import { dealerReviewRoutes } from './dealer-review.route.ts';
import { feedbackRoutes } from './feedback.route.ts';
import { healthRoutes } from './health.route.ts';
import { socialRoutes } from './social.route.ts';

/** Every route module under /api, each given the context it builds its services from. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  await api.register(healthRoutes, { ctx });
  await api.register(carRoutes, { ctx });
  await api.register(dealerRoutes, { ctx });
  await api.register(dealerApplicationRoutes, { ctx });
  await api.register(socialRoutes, { ctx });
  await api.register(dealerReviewRoutes, { ctx });
  await api.register(feedbackRoutes, { ctx });
};
