import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config/config.ts';
import { resolveJwtSecret } from './config/secrets.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';

/** Opens and migrates the database, then builds the server over it. Closing the server closes the database. */
export async function bootstrap(config: Config): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const ctx = createContext(config, database, resolveJwtSecret(config));
  const app = await buildApp(ctx);
  app.addHook('onClose', () => database.close());
  return { app, ctx };
}
