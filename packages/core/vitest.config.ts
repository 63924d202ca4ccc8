import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Pure functions with no state between files: one module graph per worker instead of one per file (a fifth of the CPU).
    isolate: false,
  },
});
