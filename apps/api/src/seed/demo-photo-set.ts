import type { BodyType } from '@autoreel/core';
import sharp from 'sharp';
import { photoKey, photoRenditionKey } from '../media/media-url.ts';
import { preparePhoto, type Rendition } from '../media/photo-pipeline.ts';
import { twoAtATime } from './demo-media.ts';
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

/**
 * Draws, renders and stores the demo photos through the photo pipeline, each distinct drawing once. `nextId` gives
 * the photos' ids in a fixed order (a re-seed gives the same keys); `put` stores one rendition.
 */
export async function renderDemoPhotos(
  looks: readonly DemoCarLook[],
  nextId: () => string,
  put: (key: string, rendition: Rendition) => Promise<void>,
): Promise<DemoPhotoSet> {
  const ids = [...new Set(looks.flatMap((look) => DEMO_PHOTO_VIEWS.map((view) => drawingId(view, look))))];
  const photoIds = new Map(ids.map((id) => [id, nextId()]));
  const keys = new Map<string, string>();
  const stored: DemoPhotoSet['stored'] = [];
  await twoAtATime(
    ids.map((id) => async () => {
      const source = await drawingPng(id);
      const prepared = await preparePhoto(source, { quick: true });
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
  };
}
