import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BodyType } from '@autoreel/core';
import sharp from 'sharp';
import {
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoKey,
  photoRenditionKey,
  type PhotoFacts,
} from '../media/media-url.ts';
import { preparePhoto, type Rendition } from '../media/photo-pipeline.ts';
import { twoAtATime } from './demo-media.ts';
import { cachedRender } from './demo-render-cache.ts';
import type { DemoShape } from './demo-shapes.ts';
import {
  DEMO_PHOTO_VIEWS,
  DEMO_PHOTO_WIDTH,
  exteriorSvg,
  interiorSvg,
  type DemoPhotoView,
} from './demo-photos.ts';

/** Shared demo photos live outside any car's folder, so deleting one car never removes another car's photos. */
export const DEMO_PHOTO_FOLDER = 'demo/photos';

export interface DemoCarLook {
  bodyType: BodyType;
  /** The model's segment, which the side view is drawn in (demo-shapes.ts). */
  shape: DemoShape;
  /** Exterior and interior colours, '#RRGGBB'. */
  exterior: string;
  interior: string;
}

export interface DemoPhotoSet {
  /** Per car, in the cars' order: the five photo keys, the side view first (the poster). */
  byCar: string[][];
  /** Each distinct photo once, with the bytes its renditions take. */
  stored: { key: string; size: number }[];
  /** How many of them came from the render cache. */
  cached: number;
}

/** The drawing a view of a car is made from; cars that look the same share it (and its photo). */
function drawingId(view: DemoPhotoView, look: DemoCarLook): string {
  if (view === 'interior' || view === 'dashboard') return `${view}|${look.interior}`;
  // Only the side view is drawn per segment (exteriorSvg).
  return `${view}|${look.bodyType}|${look.exterior}|${view === 'side' ? look.shape : 'standard'}`;
}

/** The drawings of a car's five views as PNG at the photo width, cover first: what its walk-around is made from. */
export function drawLook(look: DemoCarLook): Promise<Buffer[]> {
  return Promise.all(DEMO_PHOTO_VIEWS.map((view) => drawingPng(drawingId(view, look))));
}

function drawingPng(id: string): Promise<Buffer> {
  return sharp(Buffer.from(drawing(id)))
    .resize({ width: DEMO_PHOTO_WIDTH })
    .png()
    .toBuffer();
}

function drawing(id: string): string {
  const [view, a, b, shape] = id.split('|') as [DemoPhotoView, string, string, DemoShape];
  if (view === 'interior' || view === 'dashboard') return interiorSvg(view, a);
  return exteriorSvg(view, a as BodyType, b, shape);
}

/** Bumped whenever the photo pipeline's quick settings change, so renditions of older settings are not reused. */
const DEMO_PHOTO_RENDER_VERSION = 1;

/** What a cached drawing's folder holds beside its renditions' files. */
interface CachedPhoto {
  facts: PhotoFacts;
  renditions: { width: number; format: Rendition['format']; mime: string; file: string }[];
}

/**
 * A drawing's renditions through the photo pipeline, kept in the render cache between seeds (a later start, another
 * data folder, the tests) under a hash of the drawing and the pipeline's widths and formats.
 */
async function preparedDrawing(id: string, work: string, cacheDir: string | undefined) {
  const svg = drawing(id);
  const key = createHash('sha256')
    .update(
      `v${DEMO_PHOTO_RENDER_VERSION}|${DEMO_PHOTO_WIDTH}|${JSON.stringify([PHOTO_WIDTHS, PHOTO_FORMATS])}|`,
    )
    .update(svg)
    .digest('hex')
    .slice(0, 32);
  const dir = join(work, `photo-${key}`);
  const cached = await cachedRender(cacheDir, `photo-${key}`, dir, async () => {
    const prepared = await preparePhoto(await drawingPng(id), { quick: true });
    await mkdir(dir, { recursive: true });
    const manifest: CachedPhoto = { facts: prepared.facts, renditions: [] };
    for (const { width, format, mime, data } of prepared.renditions) {
      const file = `${width}.${format}`;
      await writeFile(join(dir, file), data);
      manifest.renditions.push({ width, format, mime, file });
    }
    await writeFile(join(dir, 'photo.json'), JSON.stringify(manifest));
  });
  const manifest = JSON.parse(await readFile(join(dir, 'photo.json'), 'utf8')) as CachedPhoto;
  const renditions: Rendition[] = [];
  for (const { width, format, mime, file } of manifest.renditions)
    renditions.push({ width, format, mime, data: await readFile(join(dir, file)) });
  return { facts: manifest.facts, renditions, cached };
}

/**
 * Draws, renders and stores the demo photos through the photo pipeline, each distinct drawing once (or copied from
 * the render cache in `cacheDir`). `nextId` gives the photos' ids in a fixed order (a re-seed gives the same keys);
 * `put` stores one rendition; `work` is a folder for the renders.
 */
export async function renderDemoPhotos(
  looks: readonly DemoCarLook[],
  nextId: () => string,
  put: (key: string, rendition: Rendition) => Promise<void>,
  work: string,
  cacheDir: string | undefined,
): Promise<DemoPhotoSet> {
  const ids = [...new Set(looks.flatMap((look) => DEMO_PHOTO_VIEWS.map((view) => drawingId(view, look))))];
  const photoIds = new Map(ids.map((id) => [id, nextId()]));
  const keys = new Map<string, string>();
  const stored: DemoPhotoSet['stored'] = [];
  let cached = 0;
  await twoAtATime(
    ids.map((id) => async () => {
      const prepared = await preparedDrawing(id, work, cacheDir);
      if (prepared.cached) cached += 1;
      const key = photoKey(DEMO_PHOTO_FOLDER, photoIds.get(id)!, prepared.facts);
      for (const rendition of prepared.renditions)
        await put(photoRenditionKey(key, rendition.width, rendition.format), rendition);
      keys.set(id, key);
      stored.push({ key, size: prepared.renditions.reduce((sum, r) => sum + r.data.length, 0) });
    }),
  );
  return {
    byCar: looks.map((look) => DEMO_PHOTO_VIEWS.map((view) => keys.get(drawingId(view, look))!)),
    stored,
    cached,
  };
}
