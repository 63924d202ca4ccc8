import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { healthRoutes } from './health.route.ts';
import { mediaRoutes } from './media.route.ts';

/** Every route module under /api, each given the context it builds its services from. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  await api.register(healthRoutes, { ctx });
  await api.register(mediaRoutes, { ctx });
};
