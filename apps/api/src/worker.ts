import { loadConfig } from './config/config.ts';
import { resolveJwtSecret } from './config/secrets.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';

/**
 * The job worker alone (`npm run worker`): video preparation, photo renditions, notifications, alerts and the
 * scheduled jobs, taken from the shared queue on Postgres, with no HTTP listener. API processes beside it run with
 * RUN_JOBS=0 and only queue jobs.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'worker: a separate job worker needs DATABASE_URL (a Postgres server the API processes share)',
  );
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
if (config.migrateOnStart) await migrateDatabase(database);
const ctx = createContext(config, database, resolveJwtSecret(config));
await ctx.jobs.start({ mode: 'work' });
console.log('AutoReel job worker is running');

// SIGTERM aborts the runs under way (their jobs go back to the queue for another worker), then releases the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void (async () => {
      await ctx.jobs.stop();
      await ctx.closeRateLimits();
      await database.close();
      process.exit(0);
    })();
  });
}
