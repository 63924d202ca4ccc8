import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared.ts';

// The wrapper's tests run the real ffmpeg and ffprobe (FFMPEG_PATH/FFPROBE_PATH or the PATH) on generated clips.
export default defineConfig({
  test: {
    ...sharedTestOptions,
    name: 'video',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
