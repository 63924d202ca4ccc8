import type { FastifyPluginAsync } from 'fastify';
import { defineRoutes } from '../http/contract-routes.ts';
import type { AuthService } from './auth.service.ts';

/** SPEC 7 'Auth' under /api/auth. Every answer is the envelope; the services decide statuses. */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  defineRoutes(
    app,
    {
      'POST /auth/signup': async ({ body, request }) => auth.signup(body, request.ip),
      'POST /auth/verify-signup': async ({ body }) => auth.verifySignup(body),
      'POST /auth/login': async ({ body, request }) => auth.login(body, request.ip),
      'POST /auth/logout': async ({ body, user }) => auth.logout(user, body?.refreshToken),
      'GET /auth/me': {
        access: 'user',
        docs: { security: [{ bearer: [] }] },
        handler: async ({ user }) => auth.me(user),
      },
      'POST /auth/refresh-token': async ({ body }) => auth.refresh(body.refreshToken),
      'POST /auth/forgot-password': async ({ body, request }) => auth.forgotPassword(body.phone, request.ip),
      'POST /auth/verify-forgot-password': async ({ body }) => auth.verifyForgotPassword(body),
      'POST /auth/reset-password': async ({ body }) => auth.resetPassword(body.token, body.newPassword),
      'POST /auth/resend-otp': async ({ body, request }) => auth.resendOtp(body, request.ip),
    },
    { tags: ['auth'] },
  );
};
