import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFfmpegBinaries } from '@autoreel/video';
import { expect, test } from './fixtures.ts';
import { feedCurrentTitle } from './support.ts';

/**
 * Issue 29, 'Prove it': how the demo catalogue looks to a person, kept as artifacts under test-results/demo-world/.
 * The feed, a card grid and a detail gallery at a phone's and a desktop's width, and a frame strip of three cars'
 * videos (frames at 0.5, 2 and 3.5 s of each, one row a car).
 */
const OUT = 'test-results/demo-world';

interface ListedCar {
  id: string;
  images: string[];
  videos: string[];
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
      await page.screenshot({ path: join(OUT, `detail-gallery-${width}.png`) });
    });
  });
}

test("a frame strip of three cars' videos", async ({ request }) => {
  const binaries = findFfmpegBinaries();
  expect(binaries, 'ffmpeg comes with npm install').not.toBeNull();
  mkdirSync(OUT, { recursive: true });
  const answer = (await (await request.get('/api/cars?limit=30')).json()) as { data: { cars: ListedCar[] } };
  // Three cars with different videos, each a row of three frames.
  const picked: string[] = [];
  for (const car of answer.data.cars) {
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
    const row = join(OUT, `strip-row-${i}.png`);
    execFileSync(binaries!.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      file,
      // Frames at 0.5, 2 and 3.5 s, scaled down and laid side by side.
      '-vf',
      "select='eq(n\\,12)+eq(n\\,48)+eq(n\\,84)',scale=240:-2,tile=3x1",
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
