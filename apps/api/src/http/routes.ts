import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountRoutes } from '../accounts/account.route.ts';
import { aiRoutes } from '../ai/ai.route.ts';
import { carRoutes } from '../cars/cars.route.ts';
import { dealerApplicationRoutes, dealerRoutes } from '../dealers/dealers.route.ts';
import { dealerOverviewRoutes } from '../dealers/dealer-overview.route.ts';
import { authRoutes } from '../accounts/auth.route.ts';
import { countriesRoutes } from '../accounts/countries.route.ts';
import { devRoutes } from '../accounts/dev.route.ts';
import { messageRoutes } from '../messaging/messages.route.ts';
import { dealerReviewRoutes } from '../dealers/dealer-review.route.ts';
import { feedbackRoutes } from '../feedback/feedback.route.ts';
import { healthRoutes } from './health.route.ts';
import { mediaRoutes } from '../media/media.route.ts';
import { socialRoutes } from '../social/social.route.ts';

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
