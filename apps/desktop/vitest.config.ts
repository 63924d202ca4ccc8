import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

// Main-process services are plain Node modules: they run here against real ffmpeg, a real Secret Service
// (started on a private session bus by the vault test) and real files. Electron itself is only at the edges.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'desktop',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
