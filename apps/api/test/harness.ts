import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import type { NotificationChannel } from '../src/notifications/channels/channel.ts';
import type { Role } from '../src/accounts/access-token.service.ts';
import { POSTGRES_ADMIN_URL } from './support/database-template.ts';

/** Which database the integration tests run on; the suite runs once per value (see the vitest configs). */
export const TEST_DIALECT: 'pglite' | 'postgres' =
  process.env['AUTOREEL_TEST_DB'] === 'postgres' ? 'postgres' : 'pglite';

export interface TestUser {
  id: string;
  role: Role;
  phone: string;
  name: string;
  token: string;
  /** Authorization header for inject(). */
  auth: { authorization: string };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Calls the API in-process; the body is parsed as JSON. */
  call(
    options: InjectOptions & { user?: TestUser },
  ): Promise<LightMyRequestResponse & { body: string; data: any }>;
  /** Inserts an account straight into the database (no OTP round trip) and signs it an access token. */
  createUser(options?: { role?: Role; name?: string; phone?: string }): Promise<TestUser>;
  close(): Promise<void>;
}

let phoneCounter = 0;
/** Distinct, valid Eswatini mobile numbers for each test account. */
export function nextTestPhone(): string {
  phoneCounter += 1;
  return `+2687${String(6_100_000 + ((process.pid * 7919 + phoneCounter) % 900_000)).padStart(7, '0')}`;
}

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database of the dialect under test: in-memory PGlite, or a new database on the server. Both
 * start from the run's migrated template where its global setup made one (support/database-template.ts); the
 * migrations then find nothing to do.
 */
export async function createTestDatabase(): Promise<{
  handle: DatabaseHandle;
  /** The Postgres database's address, for a server process to open too; undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}> {
  if (TEST_DIALECT === 'pglite') {
    const templateFile = inject('pgliteTemplateFile');
    if (templateFile) pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
    const handle = await openDatabase({ pgliteSnapshot: pgliteTemplate });
    await migrateDatabase(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `autoreel_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => undefined });
  const template = inject('postgresTemplateDatabase');
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrateDatabase(handle);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestServer(
  options: { config?: Partial<Config>; now?: () => Date; channels?: NotificationChannel[] } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const handle = database.handle;
  const config: Config = {
    ...loadConfig({}),
    storefrontDir: undefined,
    dataDir: `/tmp/autoreel-test-${randomBytes(6).toString('hex')}`,
    logLevel: 'silent',
    // Tests stand in for a proxy, telling each client's address in X-Forwarded-For.
    trustProxy: true,
    ...options.config,
  };
  const ctx = createContext(config, handle, randomBytes(32).toString('hex'), options.now, {
    channels: options.channels,
  });
  const app = await buildApp(ctx);
  await app.ready();
  const inject = app.inject.bind(app);

  return {
    app,
    ctx,
    config,
    async call({ user, ...request }) {
      const headers = { ...(request.headers ?? {}), ...(user ? user.auth : {}) };
      const res = await inject({ ...request, headers });
      let data: unknown;
      try {
        data = res.json();
      } catch {
        // Not JSON (a file, an empty 204): tests read res.body instead.
      }
      return Object.assign(res, { data });
    },
    async createUser({ role = 'customer', name = `Test ${role}`, phone = nextTestPhone() } = {}) {
      const [row] = await ctx.db
        .insert(users)
        // The hash is not a real one: these accounts never sign in with a password, only with a signed token.
        .values({ name, phone, role, passwordHash: 'not-a-password-hash', isPhoneVerified: true })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      const token = await ctx.tokens.sign({ id: row.id, role });
      return { id: row.id, role, phone, name, token, auth: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
