import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', async () => {
    const database = await ctx.health.check();
    return { success: true as const, data: { status: 'ok' as const, database } };
  });
};
