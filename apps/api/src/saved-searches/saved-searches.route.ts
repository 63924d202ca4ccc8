import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { SavedSearchService } from './saved-search.service.ts';

export interface SavedSearchRouteServices {
  savedSearches: SavedSearchService;
}

/** The caller's own saved searches (at most 50): saved, listed, renamed, paused, deleted. */
export const savedSearchRoutes: FastifyPluginAsync<SavedSearchRouteServices> = async (
  app,
  { savedSearches },
) => {
  defineRoutes(app, {
    'POST /saved-searches': {
      access: 'signed-in',
      handler: async ({ body, user }) => savedSearches.create(user.id, body),
    },
    'GET /saved-searches': {
      access: 'signed-in',
      handler: async ({ user }) => savedSearches.list(user.id),
    },
    'PUT /saved-searches/:id': {
      access: 'signed-in',
      handler: async ({ params, body, user }) => savedSearches.update(user.id, params.id, body),
    },
    'DELETE /saved-searches/:id': {
      access: 'signed-in',
      handler: async ({ params, user }) => savedSearches.delete(user.id, params.id),
    },
  });
};
