import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The driver-independent database handle every repository receives. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute()`: the Postgres driver answers an array of them, PGlite an object holding them. */
export function resultRows<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** Receives payloads published on a channel by any API process sharing this database. */
export type NotificationListener = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  dialect: 'pglite' | 'postgres';
  /** The Postgres server's address, for a library that opens connections of its own (the job queue). */
  url?: string;
  /** Subscribes to a Postgres NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** Publishes the payloads on the channel in one statement, in order. */
  notify(channel: string, ...payloads: string[]): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a copy of the whole data folder, to start other in-memory databases from (`pgliteSnapshot`). */
  snapshot?: () => Promise<Blob>;
}

/** Several notifications in one statement; Postgres delivers a transaction's notifications in the order sent. */
const NOTIFY_ALL =
  'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as sent(payload, n) order by n';

export interface DatabaseOptions {
  /** postgres://... to use a Postgres server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Connections in the Postgres pool. */
  poolSize?: number;
  /** An in-memory PGlite started from this copy of a data folder (`dumpDataDir`) instead of an empty one. */
  pgliteSnapshot?: Blob | undefined;
}

/** Connections one process's Postgres pool may open (unless DatabaseOptions.poolSize says otherwise). */
export const POSTGRES_POOL_SIZE = 10;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? POSTGRES_POOL_SIZE);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir) {
    location = join(dataDir, 'db');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, {
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    dialect: 'pglite',
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
      // A closed database has no subscriptions left to end; on shutdown a listener may be ended after the close.
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async notify(channel, ...payloads) {
      await client.query(NOTIFY_ALL, [channel, payloads]);
    },
    close: async () => {
      await client.close();
    },
    snapshot: async () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => undefined,
    // No JIT compilation of queries: this API's statements run in about a millisecond, but a planner's estimate past
    // jit_above_cost (a lateral join over a table whose statistics lag behind its writes, say) made Postgres spend
    // 200 ms compiling one before running it for 2 ms.
    connection: { jit: 'off' },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    dialect: 'postgres',
    url,
    async listen(channel, listener) {
      const subscription = await client.listen(channel, listener);
      return () => subscription.unlisten();
    },
    async notify(channel, ...payloads) {
      await client.unsafe(NOTIFY_ALL, [channel, payloads]);
    },
    close: () => client.end({ timeout: 5 }),
  };
}
