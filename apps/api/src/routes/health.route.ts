import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ success: z.literal(true), data: z.object({ status: z.literal('ok') }) }) } } },
    () => ({ success: true as const, data: { status: 'ok' as const } }),
  );
};
