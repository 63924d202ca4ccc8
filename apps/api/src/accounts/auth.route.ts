import { LoginBodySchema, RefreshTokenBodySchema, ResetPasswordBodySchema } from '@autoreel/core';
import {
  LogoutRequestSchema,
  OtpCheckRequestSchema,
  PhoneRequestSchema,
  ResendOtpRequestSchema,
  SignupRequestSchema,
  VerifySignupRequestSchema,
} from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';

/** SPEC 7 'Auth' under /api/auth. Every answer is the envelope; the services decide statuses. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { auth } = ctx;
  const tags = ['auth'];

  app.post('/auth/signup', { schema: { tags, body: SignupRequestSchema } }, async (request, reply) => {
    const data = await auth.signup(request.body, request.ip);
    return reply.status(201).send({ success: true, data });
  });

  app.post('/auth/verify-signup', { schema: { tags, body: VerifySignupRequestSchema } }, async (request) => ({
    success: true,
    data: await auth.verifySignup(request.body),
  }));

  app.post('/auth/login', { schema: { tags, body: LoginBodySchema } }, async (request) => ({
    success: true,
    data: await auth.login(request.body, request.ip),
  }));

  app.post('/auth/logout', { schema: { tags, body: LogoutRequestSchema } }, async (request) => ({
    success: true,
    data: await auth.logout(request.user, request.body?.refreshToken),
  }));

  app.get('/auth/me', { schema: { tags, security: [{ bearer: [] }] } }, async (request) => ({
    success: true,
    data: await auth.me(requireUser(request)),
  }));

  app.post('/auth/refresh-token', { schema: { tags, body: RefreshTokenBodySchema } }, async (request) => ({
    success: true,
    data: await auth.refresh(request.body.refreshToken),
  }));

  app.post('/auth/forgot-password', { schema: { tags, body: PhoneRequestSchema } }, async (request) => ({
    success: true,
    data: await auth.forgotPassword(request.body.phone, request.ip),
  }));

  app.post(
    '/auth/verify-forgot-password',
    { schema: { tags, body: OtpCheckRequestSchema } },
    async (request) => ({
      success: true,
      data: await auth.verifyForgotPassword(request.body),
    }),
  );

  app.post('/auth/reset-password', { schema: { tags, body: ResetPasswordBodySchema } }, async (request) => ({
    success: true,
    data: await auth.resetPassword(request.body.token, request.body.newPassword),
  }));

  app.post('/auth/resend-otp', { schema: { tags, body: ResendOtpRequestSchema } }, async (request) => ({
    success: true,
    data: await auth.resendOtp(request.body, request.ip),
  }));
};
