import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'ui',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'happy-dom',
    // A test of several steps, each waiting up to 5 s (setup.test-support.ts), shares two cores with the API's tests
    // in CI: one that took 5.2 s there (back and forward through three filter states) was not broken.
    testTimeout: 15_000,
    // One module graph and page per worker; the setup file starts each file from the app's first state.
    isolate: false,
    // CSS modules resolve to stable class names, so tests can run without a real stylesheet pipeline.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    setupFiles: ['src/testing/setup.test-support.ts'],
  },
});
