import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

/**
 * The integration tests whose outcome can depend on the database server, run again on Postgres. PGlite is the same
 * database engine, so a test of a route's validation, authorization or answer shape proves the same on both and runs
 * on PGlite alone. A file belongs here when it has several connections or processes, LISTEN/NOTIFY, locks or
 * requests racing one another, SQL whose plan or order matters, or an issue asks for it on both databases.
 */
const ON_BOTH_DATABASES = [
  // several processes or connections on one database
  'admin-create',
  'catalogue-across-processes',
  'database-client',
  'dev-outbox-network',
  'jobs-across-processes',
  'limits-across-processes',
  'server-process',
  // LISTEN/NOTIFY and the caches and streams it keeps fresh
  'messages-stream',
  'notification-outbox',
  'notifications',
  'public-answer-cache',
  'user-answer-cache',
  // requests or jobs racing for one row, a counter or a limit
  'account-deletion',
  'auth',
  'cars',
  'dealer-review',
  'dealers',
  'messages',
  'moderation',
  'notification-whatsapp',
  'photos',
  'security-auth',
  'security-messaging',
  'security-quotas',
  'security-signup',
  'social',
  'write-limits',
  // the catalogue's SQL: its plans, its order, the change log and the index held to it
  'car-catalogue-index',
  'car-import',
  'car-import-drafts',
  'car-change-log',
  'car-filter-plans',
  'car-pages',
  'car-query-mirror',
  'car-repository',
  'car-seats',
  'demo-seed',
  // every notifications API, as their issue asks: the settings and the push devices
  'notification-push',
  'notification-settings',
  // a trigger on messages and a figure per seller refreshed from it
  'reply-times',
  // the search's near matches (exact, relaxed), its order by score and its counted totals
  'ai-ranking',
  'ai-totals',
  // the video job's ladder through pg-boss
  'video-ladder',
  // a deployment: pg_dump and pg_restore, a proxy in front of API processes, a separate job worker
  'backup-restore',
  'deployment-topology',
  'worker-process',
];

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'api-postgres',
    include: ON_BOTH_DATABASES.map((name) => `test/${name}.int.test.ts`),
    environment: 'node',
    pool: 'forks',
    // One module graph per worker: each file imports the API once per run, not once per file (half the wall time);
    // every file builds its own app and database, so no state is shared between files.
    isolate: false,
    globalSetup: ['test/support/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { AUTOREEL_TEST_DB: 'postgres' },
  },
});
