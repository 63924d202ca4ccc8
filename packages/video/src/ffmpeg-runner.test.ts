import { describe, expect, it } from 'vitest';
import { FfmpegError, runProcess, type FfmpegProgress } from './ffmpeg-runner.ts';

/** A 3-second generated encode to nowhere, with progress on stdout. */
const slowEncode = [
  '-hide_banner',
  '-nostdin',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=25:duration=3',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-progress',
  'pipe:1',
  '-nostats',
  '-f',
  'null',
  '-',
];

describe('runProcess', () => {
  it('reports progress from -progress pipe:1 and ends with done', async () => {
    const seen: FfmpegProgress[] = [];
    await runProcess('ffmpeg', slowEncode, { durationSec: 3, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ done: true, ratio: 1 });
    expect(seen.at(-1)!.outTimeSec).toBeGreaterThan(2.5);
  });

  it('rejects with the exit code and the tail of stderr on failure', async () => {
    const error = await runProcess('ffmpeg', [
      '-hide_banner',
      '-i',
      '/nonexistent/input.mp4',
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).exitCode).toBe(1);
    expect((error as FfmpegError).stderrTail).toContain('/nonexistent/input.mp4');
  });

  it('is cancelled by an AbortSignal and by its timeout', async () => {
    const endless = [
      '-hide_banner',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x120:rate=10',
      '-f',
      'null',
      '-',
    ];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(runProcess('ffmpeg', endless, { signal: controller.signal })).rejects.toThrow(
      'ffmpeg was cancelled',
    );
    await expect(runProcess('ffmpeg', endless, { timeoutMs: 300 })).rejects.toThrow(
      /took longer than 300 ms/,
    );
    const aborted = AbortSignal.abort();
    await expect(runProcess('ffmpeg', endless, { signal: aborted })).rejects.toThrow('ffmpeg was cancelled');
  });

  it('names the binary when it cannot be started', async () => {
    await expect(runProcess('/nonexistent/ffmpeg', ['-version'])).rejects.toThrow(
      /Could not start \/nonexistent\/ffmpeg/,
    );
  });
});
