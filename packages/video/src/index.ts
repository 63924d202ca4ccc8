// The ffmpeg wrapper and the one video pipeline, plain Node (argument builders, probe, runner, binary lookup,
// prepareVideo) with no server or Electron code: the API and the console prepare videos through the same steps.
export * from './ffmpeg-args.ts';
export * from './ffmpeg-binaries.ts';
export * from './ffmpeg-runner.ts';
export * from './ffprobe.ts';
export * from './mp4-index.ts';
export * from './video-pipeline.ts';
export * from './video-ladder.ts';
