import type { FastifyPluginAsync } from 'fastify';
import { AnswerText, defineRoutes } from '../http/contract-routes.ts';
import type { PublicAnswerCache } from '../shared/public-answer-cache.ts';
import type { CarService } from './car.service.ts';

export interface CarRouteServices {
  cars: CarService;
  publicAnswers: PublicAnswerCache;
}

/** SPEC 7 cars: the public catalogue and a seller's listings. Rules live in CarService. */
export const carRoutes: FastifyPluginAsync<CarRouteServices> = async (app, { cars, publicAnswers }) => {
  // Public answers are the same for every caller (no likes or owner-only fields), so they come from the micro-cache,
  // keyed by the parsed query (defaults filled in, keys in schema order), kept as the JSON text their serializer
  // writes once, when computed: a cache hit costs no serialisation and leaks nothing unlisted.
  defineRoutes(
    app,
    {
      'GET /cars': async ({ query, writeAnswer }) =>
        new AnswerText(
          await publicAnswers.json(`cars ${JSON.stringify(query)}`, () => cars.list(query), writeAnswer),
        ),

      // The signed-in seller's own listings in every status (the dashboard's inventory), paged like /cars.
      'GET /cars/mine': {
        access: 'user',
        handler: async ({ query: { status, ...query }, user }) =>
          cars.list(query, { sellerId: user.id, statuses: status ? [status] : undefined }),
      },

      'GET /cars/user/liked': { access: 'user', handler: async ({ query, user }) => cars.liked(user, query) },

      'POST /cars/bulk-status': {
        access: 'signed-in',
        handler: async ({ body, user }) => cars.bulkStatus(user, body),
      },

      'GET /cars/:id': async ({ params, writeAnswer }) =>
        new AnswerText(
          await publicAnswers.json(`car ${params.id}`, () => cars.detail(params.id), writeAnswer),
        ),

      'GET /cars/:id/price-history': async ({ params }) => cars.priceHistory(params.id),

      'POST /cars': { access: 'signed-in', handler: async ({ body, user }) => cars.create(user, body) },

      'PUT /cars/:id': {
        access: 'signed-in',
        handler: async ({ params, body, user }) => cars.update(user, params.id, body),
      },

      'DELETE /cars/:id': {
        access: 'user',
        handler: async ({ params, user }) => {
          await cars.remove(user, params.id);
          return { id: params.id, _id: params.id, deleted: true as const };
        },
      },
    },
    { tags: ['cars'] },
  );
};
