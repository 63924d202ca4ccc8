import type { FastifyPluginAsync } from 'fastify';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { defineRoutes, type RouteInput } from '../http/contract-routes.ts';
import type { DealerService } from './dealer.service.ts';

/** SPEC 7 dealers: public dealer pages, a dealer's own profile, and the admin's review of applications. */
export const dealerRoutes: FastifyPluginAsync<{ dealers: DealerService }> = async (app, { dealers }) => {
  defineRoutes(
    app,
    {
      'GET /dealers': async ({ query }) => dealers.list(query),
      'GET /dealers/profile/me': { access: 'user', handler: async ({ user }) => dealers.getMine(user) },
      'PUT /dealers/profile/me': {
        access: 'signed-in',
        handler: async ({ body, user, request }) => dealers.updateMine(user, body, request.ip),
      },
      'GET /dealers/admin/pending': { access: 'admin', handler: async () => dealers.pending() },
      // :id is the application id, as listed by /dealers/admin/pending.
      'PUT /dealers/:id/approve': {
        access: 'admin',
        handler: async ({ params, user }) => dealers.approve(user, params.id),
      },
      'PUT /dealers/:id/reject': {
        access: 'admin',
        handler: async ({ params, body, user }) => dealers.reject(user, params.id, body?.reviewNotes),
      },
      'GET /dealers/:id': async ({ params }) => dealers.get(params.id),
      'GET /dealers/:id/cars': async ({ params, query, user }) => dealers.cars(params.id, query, user),
    },
    { tags: ['dealers'] },
  );
};

/**
 * SPEC 7 dealer applications, also under the /auth aliases the SPEC declares. The body is checked by the service so
 * that its field errors carry the form's names (dealerName, location).
 */
export const dealerApplicationRoutes: FastifyPluginAsync<{ dealers: DealerService }> = async (
  app,
  { dealers },
) => {
  // Each alias has the same contract as its route, so one handler serves both.
  const apply = async ({
    body,
    user,
  }: Pick<RouteInput<'POST /dealer-applications', AuthUser>, 'body' | 'user'>) => dealers.apply(user, body);
  const myApplication = async ({ user }: { user: AuthUser }) => dealers.myApplication(user);
  defineRoutes(
    app,
    {
      'POST /dealer-applications': { access: 'signed-in', handler: apply },
      'POST /auth/apply-dealer': { access: 'signed-in', handler: apply },
      'GET /dealer-applications/my-application': { access: 'user', handler: myApplication },
      'GET /auth/dealer-application-status': { access: 'user', handler: myApplication },
      'DELETE /dealer-applications/my-application': {
        access: 'user',
        handler: async ({ user }) => dealers.cancel(user),
      },
    },
    { tags: ['dealer-applications'] },
  );
};
