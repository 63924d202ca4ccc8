import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { AccountService } from './account.service.ts';

export interface AccountRouteServices {
  account: AccountService;
  accountDeletion: AccountDeletionService;
  writeLimits: WriteLimits;
}

/**
 * The signed-in user's own account (SPEC 2 'Account'): edit name and email, keep a chosen country, and delete the
 * account.
 * There is no user id in these paths: each acts on the caller of the access token.
 */
export const accountRoutes: FastifyPluginAsync<AccountRouteServices> = async (
  app,
  { account, accountDeletion, writeLimits },
) => {
  const security = [{ bearer: [] }];
  defineRoutes(
    app,
    {
      'PUT /auth/me': {
        access: 'signed-in',
        docs: { security },
        options: writeLimits.guard('account'),
        handler: async ({ body, user }) => account.updateProfile(user, body),
      },
      'PUT /account/country': {
        access: 'signed-in',
        docs: { security, summary: 'Keep your chosen country (prices and budgets) with your account' },
        options: writeLimits.guard('account'),
        handler: async ({ body, user }) => account.setCountry(user, body),
      },
      'DELETE /account': {
        access: 'signed-in',
        docs: {
          security,
          summary:
            'Delete your account: sessions end and what others see of it goes at once, the rest within 30 days',
        },
        handler: async ({ body, user }) => accountDeletion.delete(user, body.password),
      },
    },
    { tags: ['auth'] },
  );
};
