import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpegBinaries, probe } from '@autoreel/video';
import { findFont } from './demo-media.ts';
import { drawLook, type DemoCarLook } from './demo-photo-set.ts';
import { chooseWalkarounds, type DemoVideoCar } from './demo-walkaround-set.ts';
import { renderWalkaround, walkaroundKey } from './demo-walkaround.ts';

const binaries = findFfmpegBinaries()!;
const look: DemoCarLook = { bodyType: 'SUV', shape: 'standard', exterior: '#1E4FA3', interior: '#5D4037' };
const lines = ['Blue SUV', 'Walk-around'];
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'walkaround-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('demo walk-around', () => {
  it("is an 8 to 12 s portrait 9:16 video of the car's own pictures, rendered once for identical inputs", async () => {
    const photos = await drawLook(look);
    expect(photos).toHaveLength(5);
    const cache = join(work, 'cache');
    const first = join(work, 'first.mp4');
    expect(await renderWalkaround(binaries.ffmpeg, { photos, lines }, first, work, cache)).toBe(false);
    const info = await probe(binaries.ffprobe, first);
    expect(info.videoCodec).toBe('h264');
    expect(info.durationSec).toBeGreaterThanOrEqual(8);
    expect(info.durationSec).toBeLessThanOrEqual(12);
    expect(info.width / info.height).toBeCloseTo(9 / 16, 2);

    // The same pictures and words again: served from the cache, one file for both.
    const again = join(work, 'again.mp4');
    expect(
      await renderWalkaround(binaries.ffmpeg, { photos: await drawLook(look), lines }, again, work, cache),
    ).toBe(true);
    expect(await readdir(cache)).toEqual([`${walkaroundKey({ photos, lines }, findFont())}.mp4`]);
    // Another colour is another drawing, so another key.
    const red = await drawLook({ ...look, exterior: '#8B1A1A' });
    expect(walkaroundKey({ photos: red, lines }, undefined)).not.toBe(
      walkaroundKey({ photos, lines }, undefined),
    );
  }, 120_000);

  it('gives every body type a walk-around and shares one between the cars of a look', () => {
    const car = (bodyType: DemoCarLook['bodyType'], exterior: string): DemoVideoCar => ({
      look: { bodyType, shape: 'standard', exterior, interior: '#111111' },
      colour: exterior,
    });
    const cars = [
      car('SUV', '#000001'),
      car('SUV', '#000001'),
      car('SUV', '#000002'),
      car('Truck', '#000003'),
      car('Sedan', '#000004'),
    ];
    const chosen = chooseWalkarounds(cars, 3);
    expect(chosen.looks.map((l) => l.bodyType).sort()).toEqual(['SUV', 'Sedan', 'Truck']);
    expect(chosen.byCar[0]).toBe(chosen.byCar[1]);
    // The rarer SUV look has none of its own at this count, so it plays the SUV one.
    expect(chosen.byCar[2]).toBe(chosen.byCar[0]);
    expect(new Set(chosen.byCar).size).toBe(3);
  });
});
