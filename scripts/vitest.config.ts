import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../vitest.shared.ts';

// The repository's own tools: the check that core's public exports are the reviewed ones.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'tools',
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
