import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'api-postgres',
    include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['test/support/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { AUTOREEL_TEST_DB: 'postgres' },
  },
});
