import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'api-client',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each test makes its own client and server: one module graph per worker instead of one per file.
    isolate: false,
  },
});
