import {
  BulkStatusBodySchema,
  CarCreateBodySchema,
  CarListQuerySchema,
  CarUpdateBodySchema,
  IdParamsSchema,
  LikedCarsQuerySchema,
  MyCarsQuerySchema,
  apiContract,
} from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { answerWriter } from '../plugins/route-contract.ts';
import { requireUser } from '../plugins/auth.ts';
import { signedIn } from '../http/route-guards.ts';
import { sendCachedJson } from '../http/cached-json.ts';

// Cached answers are kept as JSON text and sent as it is, so each is written by its response schema once, when
// computed, exactly as the serializer would write it: a cache hit costs no serialisation and leaks nothing unlisted.
const carListAnswer = answerWriter(apiContract['GET /cars']);
const carAnswer = answerWriter(apiContract['GET /cars/:id']);

/** SPEC 7 cars: the public catalogue and a seller's listings. Rules live in CarService. */
export const carRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cars = ctx.cars;

  // Public answers are the same for every caller (no likes or owner-only fields), so they come from the micro-cache,
  // keyed by the parsed query (defaults filled in, keys in schema order) and sent as the JSON text kept.
  app.get(
    '/cars',
    { schema: { tags: ['cars'], querystring: CarListQuerySchema } },
    async (request, reply) => {
      const json = await ctx.publicAnswers.json(
        `cars ${JSON.stringify(request.query)}`,
        () => cars.list(request.query),
        carListAnswer,
      );
      return sendCachedJson(reply, json);
    },
  );

  // The signed-in seller's own listings in every status (the dashboard's inventory), paged like /cars.
  app.get('/cars/mine', { schema: { tags: ['cars'], querystring: MyCarsQuerySchema } }, async (request) => {
    const user = requireUser(request);
    const { status, ...query } = request.query;
    return {
      success: true as const,
      data: await cars.list(query, { sellerId: user.id, statuses: status ? [status] : undefined }),
    };
  });

  app.get(
    '/cars/user/liked',
    { schema: { tags: ['cars'], querystring: LikedCarsQuerySchema } },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await cars.liked(user, request.query) };
    },
  );

  app.post(
    '/cars/bulk-status',
    { ...signedIn, schema: { tags: ['cars'], body: BulkStatusBodySchema } },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await cars.bulkStatus(user, request.body) };
    },
  );

  app.get('/cars/:id', { schema: { tags: ['cars'], params: IdParamsSchema } }, async (request, reply) => {
    const json = await ctx.publicAnswers.json(
      `car ${request.params.id}`,
      () => cars.get(request.params.id),
      carAnswer,
    );
    return sendCachedJson(reply, json);
  });

  app.post(
    '/cars',
    { ...signedIn, schema: { tags: ['cars'], body: CarCreateBodySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const car = await cars.create(user, request.body);
      return reply.status(201).send({ success: true as const, data: car });
    },
  );

  app.put(
    '/cars/:id',
    { ...signedIn, schema: { tags: ['cars'], params: IdParamsSchema, body: CarUpdateBodySchema } },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await cars.update(user, request.params.id, request.body) };
    },
  );

  app.delete('/cars/:id', { schema: { tags: ['cars'], params: IdParamsSchema } }, async (request) => {
    const user = requireUser(request);
    await cars.remove(user, request.params.id);
    return { success: true as const, data: { id: request.params.id, _id: request.params.id, deleted: true } };
  });
};
