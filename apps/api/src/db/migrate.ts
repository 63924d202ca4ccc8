import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DatabaseHandle, Schema } from './client.ts';

const migrationsFolder = join(import.meta.dirname, '../../drizzle');

/**
 * Brings the schema up to date. pg_trgm is created here rather than in a migration because drizzle-kit's own
 * migrator cannot create it on PGlite; the server's migrator runs after it on either driver.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`create extension if not exists pg_trgm`);
  if (handle.dialect === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase<Schema>, { migrationsFolder });
  }
}
