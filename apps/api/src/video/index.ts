// The ffmpeg wrapper is plain Node (argument builders, probe, runner, binary lookup) with no server code, so the
// desktop console's main process prepares videos with the same code the API uses, through '@autoreel/api/video'.
export * from './ffmpeg-args.ts';
export * from './ffmpeg-binaries.ts';
export * from './ffmpeg-runner.ts';
export * from './ffprobe.ts';
