import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DELIVERY_POLICY } from '@autoreel/core';
import { deliveryEncodeArgs, runProcess } from '@autoreel/video';

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];

/** A bold font for the clips' text; without one the clips are plain colour (drawtext needs a font file). */
export function findFont(): string | undefined {
  return FONT_CANDIDATES.find((path) => existsSync(path));
}

/** ffmpeg's filter syntax treats ':' as a separator, also inside a Windows path. */
function filterPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/:/g, '\\:');
}

const SIZE = `${DELIVERY_POLICY.shortSide}x${DELIVERY_POLICY.longSide}`;

/** Runs up to two jobs at a time: one per core of a small machine. */
export async function twoAtATime(jobs: readonly (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
  };
  await Promise.all([worker(), worker()]);
}

const CLIP_COLOURS = [
  '0x1f3a5f',
  '0x6d1a2b',
  '0x2e6b3a',
  '0x36454f',
  '0x5d4037',
  '0x1e4fa3',
  '0x4a148c',
  '0x263238',
];

/** A short vertical clip, generated, already in the delivery format (so it is served as is). */
export function buildDemoClipArgs(
  output: string,
  index: number,
  seconds: number,
  font: string | undefined,
): string[] {
  const colour = CLIP_COLOURS[index % CLIP_COLOURS.length]!;
  const filters = [
    // A light band sweeping up and down gives the encoder, and the viewer, some motion.
    `drawbox=x=0:y=(ih-220)*abs(sin(t*0.9+${index})):w=iw:h=220:color=white@0.18:t=fill`,
    ...(font
      ? [
          `drawtext=fontfile='${filterPath(font)}':text='AutoReel':expansion=none:fontsize=88:fontcolor=white:x=(w-tw)/2:y=h*0.42+40*sin(t*1.3)`,
          `drawtext=fontfile='${filterPath(font)}':text='Demo clip ${index + 1}':expansion=none:fontsize=44:fontcolor=white@0.85:x=(w-tw)/2:y=h*0.52+40*sin(t*1.3)`,
        ]
      : []),
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    // Generated picture: a solid colour at 24 fps.
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=${SIZE}:r=24:d=${seconds}`,
    // A silent stereo track, so the clip has the same streams as a real upload.
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=${DELIVERY_POLICY.audioSampleRate}:cl=stereo`,
    '-vf',
    filters.join(','),
    // Stop with the picture; the silent source is endless.
    '-t',
    String(seconds),
    '-map_metadata',
    '-1',
    ...deliveryEncodeArgs(DELIVERY_POLICY),
    '-f',
    'mp4',
    output,
  ];
}

/** Renders `count` clips, two at a time; returns their paths. */
export async function renderDemoClips(
  ffmpeg: string,
  count: number,
  seconds: number,
  dir: string,
): Promise<string[]> {
  const font = findFont();
  const paths = Array.from({ length: count }, (_, i) => join(dir, `clip-${i}.mp4`));
  await twoAtATime(
    paths.map(
      (path, i) => () =>
        runProcess(ffmpeg, buildDemoClipArgs(path, i, seconds, font), { timeoutMs: 5 * 60_000 }),
    ),
  );
  return paths;
}
