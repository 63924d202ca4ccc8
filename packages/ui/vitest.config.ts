import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'happy-dom',
    // CSS modules resolve to stable class names, so tests can run without a real stylesheet pipeline.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    setupFiles: ['src/testing/setup.test-support.ts'],
  },
});
