import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DELIVERY_POLICY, VIDEO_LADDER } from '@autoreel/core';
import { deliveryEncodeArgs, runProcess } from '@autoreel/video';
import { filterPath, findFont } from './demo-media.ts';
import { cachedRender } from './demo-render-cache.ts';

/** Bumped whenever the filter graph changes, so cached walk-arounds of an older look are not reused. */
export const WALKAROUND_RENDER_VERSION = 4;

/**
 * The ladder's middle rung (480x854): sharp enough for a phone's feed, a fraction of the full box's encode, and the
 * ladder's top rung for this video as it is, so the ladder copies it and encodes only the lowest rung.
 */
const WALKAROUND_RUNG = VIDEO_LADDER[1]!;
export const WALKAROUND_WIDTH = WALKAROUND_RUNG.shortSide;
export const WALKAROUND_HEIGHT = WALKAROUND_RUNG.longSide;
/** An even size near `size`: the encoder's 4:2:0 pictures need one. */
const even = (size: number) => 2 * Math.round(size / 2);
const FPS = 24;
/** Each photo's time on screen and the cross-fade between two: 5 photos -> 5 x 2.4 - 4 x 0.5 = 10 s. */
const SHOT_SECONDS = 2.4;
const FADE_SECONDS = 0.5;

export function walkaroundSeconds(photoCount: number): number {
  return photoCount * SHOT_SECONDS - (photoCount - 1) * FADE_SECONDS;
}

export interface WalkaroundInput {
  /** The car's own pictures (PNG or JPEG), cover first. */
  photos: readonly Buffer[];
  /** Lines drawn high in the frame (the feed's caption and price take the lower third): the headline first. */
  lines: readonly string[];
}

/** drawtext takes text literally with expansion off; only its own quoting characters need escaping. */
function drawtextText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:').replace(/%/g, '\\%');
}

/**
 * One shot per photo, moving: most pan across the picture (the side view from one bumper to the other, the next
 * back again), the cabin's pushes in on its middle. The landscape picture fills the portrait frame's height.
 */
function shotFilter(index: number): string {
  const w = WALKAROUND_WIDTH;
  const h = WALKAROUND_HEIGHT;
  const frames = Math.round(SHOT_SECONDS * FPS);
  const move =
    index === 3
      ? // Cropped to 9:16 at 1.5x first, so the push-in keeps its aspect and its detail.
        `scale=-2:${even(h * 1.5)},crop=${even(w * 1.5)}:${even(h * 1.5)},` +
        `zoompan=z='1+0.2*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${w}x${h}:fps=${FPS}`
      : `scale=-2:${h},crop=${w}:${h}:x='(iw-ow)*${index % 2 === 0 ? `t/${SHOT_SECONDS}` : `(1-t/${SHOT_SECONDS})`}':y=0`;
  return `[${index}:v]${move},setsar=1,format=yuv420p[s${index}]`;
}

/** The ffmpeg arguments of a walk-around: pans over each photo, cross-fades between them, its words over them. */
export function buildWalkaroundArgs(
  photoPaths: readonly string[],
  lines: readonly string[],
  output: string,
  font: string | undefined,
): string[] {
  const n = photoPaths.length;
  const seconds = walkaroundSeconds(n);
  // Cross-fades by overlay rather than xfade, which the packaged ffmpeg predates: each shot starts at its offset,
  // fades in over the one before (an alpha fade) and is laid over a black ground as long as the whole video.
  const graph: string[] = [
    `color=c=black:s=${WALKAROUND_WIDTH}x${WALKAROUND_HEIGHT}:r=${FPS}:d=${seconds.toFixed(2)}[x]`,
    ...photoPaths.map((_, i) => shotFilter(i)),
  ];
  let last = 'x';
  for (let i = 0; i < n; i++) {
    const offset = (i * (SHOT_SECONDS - FADE_SECONDS)).toFixed(2);
    const fade = i === 0 ? '' : `fade=t=in:st=0:d=${FADE_SECONDS}:alpha=1,`;
    graph.push(`[s${i}]format=yuva420p,${fade}setpts=PTS-STARTPTS+${offset}/TB[f${i}]`);
    graph.push(`[${last}][f${i}]overlay=eof_action=pass[o${i}]`);
    last = `o${i}`;
  }
  const text = font
    ? lines.map((line, i) => {
        // Sizes and spacing as parts of the frame's height (48 and 28 px type at 960 px).
        const size = Math.round(WALKAROUND_HEIGHT * (i === 0 ? 0.05 : 0.029));
        const y = `h*0.15+${i === 0 ? 0 : Math.round(WALKAROUND_HEIGHT * (0.067 + (i - 1) * 0.042))}`;
        // The price comes in first, the specs follow a beat later.
        const enable = `gte(t\\,${(0.6 + i * 0.4).toFixed(1)})`;
        return (
          `drawtext=fontfile='${filterPath(font)}':text='${drawtextText(line)}':expansion=none:fontsize=${size}:` +
          `fontcolor=white:borderw=3:bordercolor=black@0.6:x=(w-tw)/2:y=${y}:enable='${enable}'`
        );
      })
    : [];
  // A dark band under the text keeps it legible over any picture.
  const band = font ? [`drawbox=x=0:y=ih*0.13:w=iw:h=ih*0.1:color=black@0.3:t=fill`] : [];
  graph.push(`[${last}]${[...band, ...text, 'format=yuv420p'].join(',')}[out]`);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...photoPaths.flatMap((path) => [
      '-loop',
      '1',
      '-framerate',
      String(FPS),
      '-t',
      String(SHOT_SECONDS),
      '-i',
      path,
    ]),
    // A silent stereo track, so the video has the same streams as a real upload.
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=${DELIVERY_POLICY.audioSampleRate}:cl=stereo`,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[out]',
    '-map',
    `${n}:a`,
    '-t',
    seconds.toFixed(2),
    '-map_metadata',
    '-1',
    ...deliveryEncodeArgs(DELIVERY_POLICY),
    '-f',
    'mp4',
    output,
  ];
}

/** The cache name of a walk-around: a hash of everything that shapes it, so identical inputs give one file. */
export function walkaroundKey(input: WalkaroundInput, font: string | undefined): string {
  const hash = createHash('sha256');
  hash.update(`v${WALKAROUND_RENDER_VERSION}|${font ?? ''}|${input.lines.join('\n')}`);
  for (const photo of input.photos) hash.update(createHash('sha256').update(photo).digest());
  return hash.digest('hex').slice(0, 32);
}

/**
 * Renders a walk-around into `output`, or copies it from `cacheDir` when the same inputs were rendered before (a
 * second start, or another database on the same machine). Returns whether it came from the cache.
 */
export async function renderWalkaround(
  ffmpeg: string,
  input: WalkaroundInput,
  output: string,
  work: string,
  cacheDir: string | undefined,
): Promise<boolean> {
  const font = findFont();
  const key = walkaroundKey(input, font);
  return cachedRender(cacheDir, `${key}.mp4`, output, async () => {
    const dir = join(work, `walkaround-${key}`);
    await mkdir(dir, { recursive: true });
    const paths = input.photos.map((_, i) => join(dir, `photo-${i}.png`));
    await Promise.all(input.photos.map((photo, i) => writeFile(paths[i]!, photo)));
    await runProcess(ffmpeg, buildWalkaroundArgs(paths, input.lines, output, font), {
      timeoutMs: 5 * 60_000,
    });
  });
}
