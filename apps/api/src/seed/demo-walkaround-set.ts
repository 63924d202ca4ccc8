import { join } from 'node:path';
import { twoAtATime } from './demo-media.ts';
import { drawLook, type DemoCarLook } from './demo-photo-set.ts';
import { renderWalkaround } from './demo-walkaround.ts';

/**
 * How many walk-arounds a first start renders: each takes a few seconds of a core, and a first start seeds in under
 * a minute on two cores. Every body type gets one; the rest go to the most common looks.
 */
export const DEMO_WALKAROUND_COUNT = 9;

export interface DemoVideoCar {
  look: DemoCarLook;
  /** The exterior colour's name, for the text over the video. */
  colour: string;
}

export interface DemoWalkaroundSet {
  /** Each distinct walk-around once: its file and whether it came from the render cache. */
  videos: { path: string; cached: boolean }[];
  /** Per car, in the cars' order: the index of its walk-around in `videos`. */
  byCar: number[];
}

function lookKey(look: DemoCarLook): string {
  return `${look.bodyType}|${look.shape}|${look.exterior}|${look.interior}`;
}

/**
 * Picks the looks that get a walk-around: first the most common look of each body type (so every car's video shows
 * its own kind of car), then the most common of the rest. A car whose own look has none plays its body type's.
 */
export function chooseWalkarounds(
  cars: readonly DemoVideoCar[],
  count: number,
): { looks: DemoCarLook[]; byCar: number[] } {
  const tally = new Map<string, { look: DemoCarLook; cars: number }>();
  for (const car of cars) {
    const entry = tally.get(lookKey(car.look)) ?? { look: car.look, cars: 0 };
    entry.cars++;
    tally.set(lookKey(car.look), entry);
  }
  const ranked = [...tally.entries()].sort((a, b) => b[1].cars - a[1].cars || a[0].localeCompare(b[0]));
  const chosen: string[] = [];
  for (const [key, entry] of ranked)
    if (!chosen.some((k) => k.startsWith(`${entry.look.bodyType}|`))) chosen.push(key);
  for (const [key] of ranked) if (chosen.length < count && !chosen.includes(key)) chosen.push(key);
  const bodyTypeVideo = new Map<string, number>();
  chosen.forEach((key, i) => {
    const bodyType = key.split('|')[0]!;
    if (!bodyTypeVideo.has(bodyType)) bodyTypeVideo.set(bodyType, i);
  });
  return {
    looks: chosen.map((key) => tally.get(key)!.look),
    byCar: cars.map((car) => {
      const own = chosen.indexOf(lookKey(car.look));
      return own >= 0 ? own : bodyTypeVideo.get(car.look.bodyType)!;
    }),
  };
}

/**
 * Renders the demo's walk-around videos, two at a time, each from the pictures of the look it shows, with the look
 * in words. Identical inputs share one file (and the cache).
 */
export async function renderDemoWalkarounds(
  ffmpeg: string,
  cars: readonly DemoVideoCar[],
  work: string,
  cacheDir: string | undefined,
): Promise<DemoWalkaroundSet> {
  const { looks, byCar } = chooseWalkarounds(cars, DEMO_WALKAROUND_COUNT);
  const videos = looks.map((_, i) => ({ path: join(work, `walkaround-${i}.mp4`), cached: false }));
  await twoAtATime(
    looks.map((look, i) => async () => {
      // The look in words; each car's own price is the feed's caption, so the video carries none that could differ.
      const colour = cars.find((car) => lookKey(car.look) === lookKey(look))!.colour;
      const lines = [`${colour} ${look.bodyType}`, 'Walk-around'];
      videos[i]!.cached = await renderWalkaround(
        ffmpeg,
        { photos: await drawLook(look), lines },
        videos[i]!.path,
        work,
        cacheDir,
      );
    }),
  );
  return { videos, byCar };
}
