import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts; the root run fans out to all of them.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/api/vitest.postgres.config.ts',
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**', 'apps/*/src/**'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  },
});
