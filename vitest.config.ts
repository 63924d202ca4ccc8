import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from './vitest.shared.ts';

// Each workspace keeps its own vitest.config.ts; the root run fans out to all of them.
//
// Coverage globs are matched against a file's path relative to a root, and which root depends on the run:
// a plain `vitest run --coverage` uses this folder, but `--project <name>` switches to that project's own
// folder (packages/core). Each glob is therefore written for both: `packages/*/src/**` for the whole run,
// `src/**` for a filtered one. With only the first, a filtered run matched nothing and reported 0/0.
const sources = ['src/**/*.{ts,tsx}'];

export default defineConfig({
  test: {
    // The root's count is the one the shared pool obeys: without it the whole run took one file at a time.
    ...sharedTestOptions,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/api/vitest.postgres.config.ts',
      'scripts/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      include: [...sources, ...sources.map((glob) => `{packages,apps}/*/${glob}`)],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/*.d.ts', '**/node_modules/**'],
    },
  },
});
