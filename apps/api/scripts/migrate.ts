/**
 * Applies pending migrations and exits: the deploy step that runs once, before the new API and worker processes
 * start (they then run with MIGRATE_ON_START=0). Uses the server's configuration (DATABASE_URL or AUTOREEL_DATA_DIR).
 *
 *   npm run migrate
 */
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const started = Date.now();
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied in ${Date.now() - started} ms`);
