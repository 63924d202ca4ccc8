import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ status: z.literal('ok'), database: z.string() }),
          }),
        },
      },
    },
    async () => {
      const database = await ctx.health.check();
      return { success: true as const, data: { status: 'ok' as const, database } };
    },
  );
};
