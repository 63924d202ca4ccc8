import { spawnSync } from 'node:child_process';
import { buildProbeArgs } from '@autoreel/video';

/** ffprobe's view of a file, for assertions on what the console produced. */
export interface Inspection {
  format: { format_name: string; duration: string; bit_rate: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    tags?: Record<string, string>;
  }[];
}

function run(binary: string, args: string[]): { stdout: string; stderr: string } {
  const result = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed:\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

export function inspect(file: string): Inspection {
  const { stdout } = run('ffprobe', buildProbeArgs(file));
  return JSON.parse(stdout) as Inspection;
}

export const videoStream = (i: Inspection) => i.streams.find((s) => s.codec_type === 'video');
export const audioStream = (i: Inspection) => i.streams.find((s) => s.codec_type === 'audio');

/**
 * Mean SSIM of a delivered video against its source, the source scaled to the delivered size first (ffmpeg's ssim
 * filter compares equal sizes). 1 is identical; 0.985 and above is visually lossless for this footage. Frames are
 * paired by their index, not their timestamps: WebM stores milliseconds, so its 1/30 s frames would otherwise be
 * paired with a neighbour now and then.
 */
export function ssim(delivered: string, source: string): number {
  const { width, height } = videoStream(inspect(delivered))!;
  const byIndex = 'setpts=N/(FRAME_RATE*TB)';
  const { stderr } = run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    delivered,
    '-i',
    source,
    '-lavfi',
    `[1:v]${byIndex},scale=${width}:${height}:flags=bicubic,format=yuv420p[ref];` +
      `[0:v]${byIndex},format=yuv420p[out];[out][ref]ssim`,
    '-f',
    'null',
    '-',
  ]);
  const match = /All:([0-9.]+)/.exec(stderr);
  if (!match) throw new Error(`ffmpeg printed no SSIM:\n${stderr.slice(-2000)}`);
  return Number(match[1]);
}

/** Top-level MP4 boxes in file order; with +faststart 'moov' comes before 'mdat'. */
export { topLevelBoxes } from '@autoreel/video';

/** Generates a test clip with ffmpeg: lavfi sources in, the given encoder arguments out. */
export function generateClip(output: string, inputs: string[], encode: string[]): string {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  for (const input of inputs) args.push('-f', 'lavfi', '-i', input);
  run('ffmpeg', [...args, ...encode, output]);
  return output;
}

/** A moving test picture (testsrc2 scrolls and counts) of the given size, rate and length. */
export const movingPicture = (width: number, height: number, seconds: number, fps = 30) =>
  `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`;

export const tone = (seconds: number, sampleRate = 44_100) =>
  `sine=frequency=440:sample_rate=${sampleRate}:duration=${seconds}`;
