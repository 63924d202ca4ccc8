import type { FastifyPluginAsync } from 'fastify';
import { unavailable } from '../errors.ts';
import { defineRoutes, type RouteData } from './contract-routes.ts';
import type { Readiness } from './readiness.ts';

/** Whether the database answers: the one question GET /health asks. */
export interface HealthCheck {
  check(): Promise<RouteData<'GET /health'>['database']>;
}

const NOT_READY: Record<Exclude<Readiness['state'], 'ready'>, string> = {
  starting: 'The server is starting.',
  draining: 'The server is shutting down.',
};

export const healthRoutes: FastifyPluginAsync<{ health: HealthCheck; readiness: Readiness }> = async (
  app,
  { health, readiness },
) => {
  defineRoutes(app, {
    // Liveness: the process answers (a proxy or supervisor restarts one that does not).
    'GET /health': async () => ({ status: 'ok' as const, database: await health.check() }),
    // Readiness: the proxy sends traffic only while this answers 200.
    'GET /ready': async () => {
      const state = readiness.state;
      if (state !== 'ready') throw unavailable(NOT_READY[state]);
      return { status: state };
    },
  });
};
