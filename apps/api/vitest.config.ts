import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

// Unit tests and the integration tests on the embedded database (PGlite).
// vitest.postgres.config.ts runs the same integration tests against the Postgres server.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One module graph per worker: each file imports the API once per run, not once per file (half the wall time);
    // every file builds its own app and database, so no state is shared between files.
    isolate: false,
    globalSetup: ['test/support/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { AUTOREEL_TEST_DB: 'pglite' },
  },
});
