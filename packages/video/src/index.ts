// The ffmpeg wrapper is plain Node (argument builders, probe, runner, binary lookup) with no server or Electron
// code: the API's video jobs and the dealer console's main process prepare videos with the same arguments.
export * from './ffmpeg-args.ts';
export * from './ffmpeg-binaries.ts';
export * from './ffmpeg-runner.ts';
export * from './ffprobe.ts';
