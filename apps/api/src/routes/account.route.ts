import { AccountDeleteBodySchema, ProfileUpdateBodySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';
import { signedIn } from './route-guards.ts';

/**
 * The signed-in user's own account (SPEC 2 'Account'): edit name and email, and delete the account.
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

  app.delete(
    '/account',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Delete your account: sessions end and what others see of it goes at once, the rest within 30 days',
        body: AccountDeleteBodySchema,
      },
    },
    async (request) => ({
      success: true as const,
      data: await ctx.accountDeletion.delete(requireUser(request), request.body.password),
    }),
  );
};
