import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes, type RouteData } from './contract-routes.ts';

/** Whether the database answers: the one question GET /health asks. */
export interface HealthCheck {
  check(): Promise<RouteData<'GET /health'>['database']>;
}

export const healthRoutes: FastifyPluginAsync<{ health: HealthCheck }> = async (app, { health }) => {
  defineRoutes(app, {
    'GET /health': async () => ({ status: 'ok' as const, database: await health.check() }),
  });
};
