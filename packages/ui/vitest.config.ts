import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'ui',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'happy-dom',
    // CSS modules resolve to stable class names, so tests can run without a real stylesheet pipeline.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    setupFiles: ['src/testing/setup.test-support.ts'],
  },
});
