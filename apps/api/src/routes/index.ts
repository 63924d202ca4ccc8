import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth.route.ts';
import { countriesRoutes } from './countries.route.ts';
import { devRoutes } from './dev.route.ts';
import { healthRoutes } from './health.route.ts';

/** Every route module under /api, each given the context it builds its services from. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  await api.register(healthRoutes, { ctx });
  await api.register(authRoutes, { ctx });
  await api.register(countriesRoutes, { ctx });
  await api.register(devRoutes, { ctx });
};
