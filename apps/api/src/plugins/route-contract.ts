import { apiContract, type ApiRouteKey } from '@autoreel/core';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract's routes that route modules declared (served or left out), for the check at start-up. */
    contractRoutes: Set<ApiRouteKey>;
  }
}

/**
 * Holds the /api routes to the wire contract (@autoreel/core apiContract). Route modules declare their routes by the
 * contract's keys with defineRoutes (http/contract-routes.ts), which takes every schema from the contract; this
 * refuses any other route under the prefix, and `assertEveryRoute` refuses a server that leaves a contract route
 * undeclared. Either stops the server at start-up.
 */
export function registerRouteContract(
  app: FastifyInstance,
  prefix: string,
): { assertEveryRoute: () => void } {
  const declared = new Set<ApiRouteKey>();
  app.decorate('contractRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD route for every GET; it answers no body.
    if (methods.every((m) => m === 'HEAD')) return;
    // Only the API's own routes: not the storefront, the media files or the API's documentation pages.
    if (!route.url.startsWith(`${prefix}/`) || route.url.startsWith(`${prefix}/docs`)) return;
    if (route.config?.contractRoute === undefined) {
      const path = route.url.slice(prefix.length);
      throw new Error(
        `${methods.join(',')} ${path} is not registered from the API contract (@autoreel/core apiContract): ` +
          'declare it with defineRoutes',
      );
    }
  });
  return {
    assertEveryRoute: () => {
      const missing = Object.keys(apiContract).filter((key) => !declared.has(key as ApiRouteKey));
      if (missing.length > 0) throw new Error(`No route module declares ${missing.join(', ')}`);
    },
  };
}
