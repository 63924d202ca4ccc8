import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'api-postgres',
    include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
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
