import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', async () => {
    await ctx.db.execute(sql`select 1`);
    return { success: true as const, data: { status: 'ok' as const, database: ctx.database.dialect } };
  });
};
