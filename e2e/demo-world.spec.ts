import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFfmpegBinaries, probe } from '@autoreel/video';
import { expect, test } from './fixtures.ts';
import { feedCurrentTitle, toFeedCarWithVideo } from './support.ts';

/**
 * Issue 29, 'Prove it': how the demo catalogue looks to a person, kept as artifacts under test-results/demo-world/.
 * The feed, a card grid and a detail gallery at a phone's and a desktop's width, and a frame strip of three cars'
 * walk-around videos (frames at 1, 3.5, 6 and 9 s of each, one row a car).
 */
const OUT = 'test-results/demo-world';

interface ListedCar {
  id: string;
  images: string[];
  videos: string[];
  posterUrl?: string | null;
}

/** Other specs list cars of their own; the gallery is checked on the newest car the demo seed drew. */
const isDemoCar = (car: ListedCar) =>
  car.images.length > 0 && car.images.every((url) => url.includes('/demo/photos/'));

for (const width of [390, 1440] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('the feed, a card grid and a detail gallery show the demo cars', async ({ page, request }) => {
      mkdirSync(OUT, { recursive: true });
      await page.goto('/');
      await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 30_000 });
      await toFeedCarWithVideo(page);
      // The feed's video plays: its clock moves.
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              Math.max(0, ...Array.from(document.querySelectorAll('video'), (v) => v.currentTime)),
            ),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(1);
      await page.screenshot({ path: join(OUT, `feed-${width}.png`) });

      await page.goto('/browse');
      await expect(page.getByRole('list', { name: 'Cars' }).getByRole('article').first()).toBeVisible({
        timeout: 30_000,
      });
      await page.screenshot({ path: join(OUT, `grid-${width}.png`) });

      const answer = (await (await request.get('/api/cars?limit=50')).json()) as {
        data: { cars: ListedCar[] };
      };
      const demoCar = answer.data.cars.find(isDemoCar);
      expect(demoCar, 'a demo car among the newest 50').toBeTruthy();
      await page.goto(`/cars/${demoCar!.id}`);
      await expect(page.getByTestId('gallery-frame')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 5');
      // Five distinct pictures, the cover one of them (a drawn view, not a composite of two).
      expect(new Set(demoCar!.images).size).toBe(5);
      await page.screenshot({ path: join(OUT, `detail-gallery-${width}.png`) });
    });
  });
}

test("a frame strip of three cars' walk-around videos", async ({ request }) => {
  const binaries = findFfmpegBinaries();
  expect(binaries, 'ffmpeg comes with npm install').not.toBeNull();
  mkdirSync(OUT, { recursive: true });
  const answer = (await (await request.get('/api/cars?limit=100')).json()) as {
    data: { cars: ListedCar[] };
  };
  // Three demo cars (other specs list cars of their own) with different videos, each a row of three frames.
  const picked: string[] = [];
  for (const car of answer.data.cars.filter(isDemoCar)) {
    const video = car.videos[0];
    if (video && !picked.includes(video)) picked.push(video);
    if (picked.length === 3) break;
  }
  expect(picked).toHaveLength(3);
  const rows: string[] = [];
  for (const [i, url] of picked.entries()) {
    const file = join(OUT, `video-${i}.mp4`);
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    writeFileSync(file, await response.body());
    // A walk-around: 8 to 12 s, portrait 9:16, read as a player would.
    const info = await probe(binaries!.ffprobe, file);
    expect(info.durationSec).toBeGreaterThanOrEqual(8);
    expect(info.durationSec).toBeLessThanOrEqual(12);
    expect(info.width / info.height).toBeCloseTo(9 / 16, 2);
    const row = join(OUT, `strip-row-${i}.png`);
    execFileSync(binaries!.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      file,
      // Frames at 1, 3.5, 6 and 9 s (24 fps), scaled down and laid side by side.
      '-vf',
      "select='eq(n\\,24)+eq(n\\,84)+eq(n\\,144)+eq(n\\,216)',scale=180:-2,tile=4x1",
      '-frames:v',
      '1',
      row,
    ]);
    rows.push(row);
  }
  execFileSync(binaries!.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...rows.flatMap((row) => ['-i', row]),
    '-filter_complex',
    'vstack=inputs=3',
    join(OUT, 'video-frame-strip.png'),
  ]);
});
