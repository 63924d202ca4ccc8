import { defineConfig } from 'vitest/config';

// The wrapper's tests run the real ffmpeg and ffprobe (FFMPEG_PATH/FFPROBE_PATH or the PATH) on generated clips.
export default defineConfig({
  test: {
    name: 'video',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
