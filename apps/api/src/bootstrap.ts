import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { findFfmpegBinaries, missingFfmpegWarning } from '@autoreel/video';
import type { Registry } from 'prom-client';
import { buildApp } from './app.ts';
import { processMetrics } from './metrics/metrics.ts';
import type { Config } from './config/config.ts';
import { resolveJwtSecret } from './config/secrets.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { carCatalogueIndexOf } from './cars/car-catalogue-index.ts';
import { demoCacheDir, isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts';

/**
 * Opens and migrates the database, then builds the server over it. Closing the server closes the database. With a
 * METRICS_PORT the answer carries the process's metrics registry, for server.ts to serve.
 */
export async function bootstrap(
  config: Config,
): Promise<{ app: FastifyInstance; ctx: AppContext; metrics: Registry | undefined }> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (config.migrateOnStart) await migrateDatabase(database);
  const ctx = createContext(config, database, resolveJwtSecret(config));
  const noFfmpeg = missingFfmpegWarning();
  if (noFfmpeg) console.error(noFfmpeg);
  const metrics = config.metricsPort === undefined ? undefined : processMetrics(ctx);
  // Written as they are logged: a process's last lines (closing the listener) would otherwise still be in flight when
  // it exits.
  const app = await buildApp(ctx, { metrics, logStream: pino.destination({ dest: 1, sync: true }) });
  app.addHook('onClose', () => database.close());
  // First start outside production: a demo catalogue, so the storefront has something to show.
  if (config.seedDemo && (await isDatabaseEmpty(ctx.db))) {
    const result = await seedDemo({
      db: ctx.db,
      storage: ctx.storage,
      ffmpeg: findFfmpegBinaries(),
      cacheDir: demoCacheDir(config),
    });
    console.log(
      `Seeded the demo catalogue in ${result.ms} ms (${result.cars} cars, ${result.dealers} dealers)`,
    );
  }
  // The public catalogue's in-memory index is read now rather than by the first buyer's list.
  const catalogue = carCatalogueIndexOf(ctx.db);
  void catalogue.ready();
  return { app, ctx, metrics };
}
