import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DELIVERY_POLICY } from '@autoreel/core';
import { deliveryEncodeArgs, runProcess } from '@autoreel/video';

export interface PosterCard {
  make: string;
  model: string;
  year: number;
  /** Background colour, '#RRGGBB'. */
  hex: string;
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];

/** A bold font for the cards' text; without one the cards are plain colour (drawtext needs a font file). */
export function findFont(): string | undefined {
  return FONT_CANDIDATES.find((path) => existsSync(path));
}

/** Only characters that need no escaping inside a filter option or a sendcmd line. */
function safeText(text: string): string {
  return text.replace(/[^A-Za-z0-9 .+-]/g, ' ').trim() || '-';
}

/** ffmpeg's filter syntax treats ':' as a separator, also inside a Windows path. */
function filterPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/:/g, '\\:');
}

const SIZE = `${DELIVERY_POLICY.shortSide}x${DELIVERY_POLICY.longSide}`;

/**
 * One ffmpeg run renders all the posters of one colour: a one-frame-per-second colour source whose texts sendcmd
 * changes frame by frame. A dozen processes instead of hundreds, and no per-frame full-size fill (the costly part).
 */
export function buildPosterSheetArgs(
  hex: string,
  commandsFile: string | undefined,
  count: number,
  outputPattern: string,
  font: string | undefined,
): string[] {
  const text = (name: string, size: number, y: string) =>
    `drawtext@${name}=fontfile='${filterPath(font ?? '')}':text='-':expansion=none:fontsize=${size}:fontcolor=white:` +
    `borderw=2:bordercolor=black@0.5:x=(w-tw)/2:y=${y}`;
  const filters = [
    // The card's colour: the car's exterior colour.
    `color=c=0x${hex.replace('#', '')}:s=${SIZE}:r=1:d=${count}`,
    // Changes the texts at each frame's timestamp.
    ...(font && commandsFile ? [`sendcmd=f='${filterPath(commandsFile)}'`] : []),
    // A translucent band keeps white text readable on white and yellow cars.
    'drawbox=x=0:y=ih*0.36:w=iw:h=ih*0.26:color=black@0.45:t=fill',
    ...(font
      ? [
          text('make', 76, 'h*0.39'),
          text('model', 54, 'h*0.47'),
          text('year', 44, 'h*0.545'),
          text('brand', 36, 'h*0.9'),
        ]
      : []),
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    // The whole card sheet is generated: no input file.
    '-filter_complex',
    filters.join(','),
    // One image per car.
    '-frames:v',
    String(count),
    // JPEG quality 4 on ffmpeg's 2..31 scale: flat cards compress to a few KB.
    '-q:v',
    '4',
    // Numbered files from 0, matching the cards' order.
    '-start_number',
    '0',
    '-f',
    'image2',
    outputPattern,
  ];
}

/** The sendcmd script: at second i, card i's texts. */
export function posterCommands(cards: readonly PosterCard[]): string {
  return cards
    .map(
      (card, i) =>
        `${i}.0 drawtext@make reinit text='${safeText(card.make)}', ` +
        `drawtext@model reinit text='${safeText(card.model)}', ` +
        `drawtext@year reinit text='${card.year}', drawtext@brand reinit text='AutoReel demo';`,
    )
    .join('\n');
}

/** Runs up to two jobs at a time: one per core of a small machine. */
async function twoAtATime(jobs: readonly (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
  };
  await Promise.all([worker(), worker()]);
}

/** Renders one JPEG per card into `dir`; returns their paths in the cards' order. */
export async function renderPosters(
  ffmpeg: string,
  cards: readonly PosterCard[],
  dir: string,
): Promise<string[]> {
  const font = findFont();
  const groups = new Map<string, number[]>();
  cards.forEach((card, i) => groups.set(card.hex, [...(groups.get(card.hex) ?? []), i]));
  const paths: string[] = [];
  const jobs = [...groups].map(([hex, indexes], g) => async () => {
    const commandsFile = join(dir, `posters-${g}.cmd`);
    await writeFile(commandsFile, posterCommands(indexes.map((i) => cards[i]!)));
    const pattern = join(dir, `poster-${g}-%04d.jpg`);
    await runProcess(ffmpeg, buildPosterSheetArgs(hex, commandsFile, indexes.length, pattern, font), {
      timeoutMs: 5 * 60_000,
    });
    indexes.forEach((cardIndex, n) => {
      paths[cardIndex] = join(dir, `poster-${g}-${String(n).padStart(4, '0')}.jpg`);
    });
  });
  await twoAtATime(jobs);
  return paths;
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
