import { ProfileUpdateBodySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';
import { signedIn } from './route-guards.ts';

/**
 * The signed-in user's own account (SPEC 2 'Account'): edit name and email, and ask for the account to be deleted.
 * There is no user id in these paths: each acts on the caller of the access token.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { account } = ctx;
  const tags = ['auth'];
  const security = [{ bearer: [] }];

  app.put(
    '/auth/me',
    { ...signedIn, schema: { tags, security, body: ProfileUpdateBodySchema } },
    async (request) => ({
      success: true as const,
      data: await account.updateProfile(requireUser(request), request.body),
    }),
  );

  app.get('/auth/delete-request', { ...signedIn, schema: { tags, security } }, async (request) => ({
    success: true as const,
    data: await account.deletionStatus(requireUser(request)),
  }));

  app.post('/auth/delete-request', { ...signedIn, schema: { tags, security } }, async (request, reply) => {
    const data = await account.requestDeletion(requireUser(request));
    return reply.status(201).send({ success: true as const, data });
  });
};
