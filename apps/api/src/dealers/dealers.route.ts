import {
  ApplicationRejectBodySchema,
  CarListQuerySchema,
  DealerApplicationBodySchema,
  DealerProfileUpdateBodySchema,
  IdParamsSchema,
  PageQuerySchema,
} from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireRole, requireUser } from '../plugins/auth.ts';
import { signedIn, withRole } from '../http/route-guards.ts';

/** SPEC 7 dealers: public dealer pages, a dealer's own profile, and the admin's review of applications. */
export const dealerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dealers = ctx.dealers;

  app.get('/dealers', { schema: { tags: ['dealers'], querystring: PageQuerySchema } }, async (request) => ({
    success: true as const,
    data: await dealers.list(request.query),
  }));

  app.get('/dealers/profile/me', { schema: { tags: ['dealers'] } }, async (request) => ({
    success: true as const,
    data: await dealers.getMine(requireUser(request)),
  }));

  app.put(
    '/dealers/profile/me',
    { ...signedIn, schema: { tags: ['dealers'], body: DealerProfileUpdateBodySchema } },
    async (request) => ({
      success: true as const,
      data: await dealers.updateMine(requireUser(request), request.body, request.ip),
    }),
  );

  app.get('/dealers/admin/pending', { schema: { tags: ['dealers'] } }, async (request) => {
    requireRole(request, 'admin');
    return { success: true as const, data: await dealers.pending() };
  });

  // :id is the application id, as listed by /dealers/admin/pending.
  app.put(
    '/dealers/:id/approve',
    { ...withRole('admin'), schema: { tags: ['dealers'], params: IdParamsSchema } },
    async (request) => ({
      success: true as const,
      data: await dealers.approve(requireRole(request, 'admin'), request.params.id),
    }),
  );

  app.put(
    '/dealers/:id/reject',
    {
      ...withRole('admin'),
      schema: { tags: ['dealers'], params: IdParamsSchema, body: ApplicationRejectBodySchema },
    },
    async (request) => ({
      success: true as const,
      data: await dealers.reject(requireRole(request, 'admin'), request.params.id, request.body?.reviewNotes),
    }),
  );

  app.get('/dealers/:id', { schema: { tags: ['dealers'], params: IdParamsSchema } }, async (request) => ({
    success: true as const,
    data: await dealers.get(request.params.id),
  }));

  app.get(
    '/dealers/:id/cars',
    { schema: { tags: ['dealers'], params: IdParamsSchema, querystring: CarListQuerySchema } },
    async (request) => ({
      success: true as const,
      data: await dealers.cars(request.params.id, request.query, request.user),
    }),
  );
};

/**
 * SPEC 7 dealer applications, also under the /auth aliases the SPEC declares. The body is checked by the service so
 * that its field errors carry the form's names (dealerName, location).
 */
export const dealerApplicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dealers = ctx.dealers;
  const apply = { ...signedIn, schema: { tags: ['dealer-applications'], body: DealerApplicationBodySchema } };
  for (const path of ['/dealer-applications', '/auth/apply-dealer']) {
    app.post(path, apply, async (request, reply) => {
      const data = await dealers.apply(requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data });
    });
  }

  for (const path of ['/dealer-applications/my-application', '/auth/dealer-application-status']) {
    app.get(path, { schema: { tags: ['dealer-applications'] } }, async (request) => ({
      success: true as const,
      data: await dealers.myApplication(requireUser(request)),
    }));
  }

  app.delete(
    '/dealer-applications/my-application',
    { schema: { tags: ['dealer-applications'] } },
    async (request) => ({
      success: true as const,
      data: await dealers.cancel(requireUser(request)),
    }),
  );
};
