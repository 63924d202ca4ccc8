import type { FastifyInstance } from 'fastify';
import { findFfmpegBinaries, missingFfmpegWarning } from '@autoreel/video';
import { buildApp } from './app.ts';
import type { Config } from './config/config.ts';
import { resolveJwtSecret } from './config/secrets.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { carCatalogueIndexOf } from './cars/car-catalogue-index.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts';

/** Opens and migrates the database, then builds the server over it. Closing the server closes the database. */
export async function bootstrap(config: Config): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const ctx = createContext(config, database, resolveJwtSecret(config));
  const noFfmpeg = missingFfmpegWarning();
  if (noFfmpeg) console.error(noFfmpeg);
  const app = await buildApp(ctx);
  app.addHook('onClose', () => database.close());
  // First start outside production: a demo catalogue, so the storefront has something to show.
  if (config.seedDemo && (await isDatabaseEmpty(ctx.db))) {
    const result = await seedDemo({ db: ctx.db, storage: ctx.storage, ffmpeg: findFfmpegBinaries() });
    console.log(
      `Seeded the demo catalogue in ${result.ms} ms (${result.cars} cars, ${result.dealers} dealers)`,
    );
  }
  // The public catalogue's in-memory index is read now rather than by the first buyer's list.
  const catalogue = carCatalogueIndexOf(ctx.db);
  void catalogue.ready();
  return { app, ctx };
}
