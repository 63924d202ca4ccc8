import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { carWithPhotos, removePhotoCars, type PhotoCar } from './photo-car.ts';
import { appStarted } from './support.ts';
import { centreOf, doubleTap, pinch, swipeBy } from './touch.ts';

/** Issue 13 item 3: the detail page on a phone, by real touch (no mouse anywhere in this file). */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

let car: PhotoCar;
test.beforeAll(async ({ request }) => {
  car = await carWithPhotos(request, 3);
});
test.afterAll(async ({ request }) => {
  await removePhotoCars(request);
});

const galleryCounter = (page: Page) => page.getByTestId('gallery-counter');
const viewer = (page: Page) => page.getByRole('dialog', { name: `Photos of the ${car.title}` });
const stage = (page: Page) => page.getByTestId('viewer-stage');

/** Wholly inside the first screen (the 844 px viewport, before any scrolling). */
const expectInFirstScreen = (locator: Locator) => expect(locator).toBeInViewport({ ratio: 1 });

test('the first screen names the car, its price and key specs above its photos', async ({ page }) => {
  await page.goto(`/cars/${car.id}`);
  const title = page.getByRole('heading', { level: 1, name: car.title });
  await expect(title).toBeVisible({ timeout: 15_000 });
  await expectInFirstScreen(title);
  await expectInFirstScreen(page.getByText('E520,000', { exact: true }));
  const keySpecs = page.getByRole('list', { name: 'Key specifications' });
  await expect(keySpecs).toHaveText(/2022.*38,000 km.*Diesel.*Automatic/);
  await expectInFirstScreen(keySpecs);
  await expect(galleryCounter(page)).toHaveText('1 / 3');
  await expectInFirstScreen(page.getByTestId('gallery-frame'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/detail-gallery-phone.png' });
});

test('the gallery swipes between every photo and its thumbnails pick one', async ({ page }) => {
  await page.goto(`/cars/${car.id}`);
  const frame = page.getByTestId('gallery-frame');
  // The detail view loads on first visit; on a busy machine that takes a moment.
  await expect(galleryCounter(page)).toHaveText('1 / 3', { timeout: 15_000 });
  const thumbs = page.getByRole('list', { name: 'All photos' });
  await expect(thumbs.getByRole('button')).toHaveCount(3);
  await thumbs.getByRole('button', { name: 'Show photo 3' }).tap();
  await expect(galleryCounter(page)).toHaveText('3 / 3');
  await expect(thumbs.getByRole('button', { name: 'Show photo 3' })).toHaveAttribute('aria-pressed', 'true');
  await thumbs.getByRole('button', { name: 'Show photo 1' }).tap();
  await expect(galleryCounter(page)).toHaveText('1 / 3');

  const centre = await centreOf(frame);
  await swipeBy(page, centre, -160, 6);
  await expect(galleryCounter(page)).toHaveText('2 / 3');
  await swipeBy(page, centre, -160, -4);
  await expect(galleryCounter(page)).toHaveText('3 / 3');
  // Past the last photo a swipe stays on it.
  await swipeBy(page, centre, -160, 0);
  await expect(galleryCounter(page)).toHaveText('3 / 3');
  await swipeBy(page, centre, 160, 0);
  await expect(galleryCounter(page)).toHaveText('2 / 3');
  // Every photo of the car is really drawn (loaded, not a broken image), from the rendition its box needs: a
  // 390 px phone at 2x draws them at most 780 px wide, so none loads the 1,200 px top rendition.
  const loaded = await frame
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
  expect(loaded).toHaveLength(3);
  for (const width of loaded) {
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThan(1200);
  }
});

test('the full-screen viewer zooms by pinch and double tap, swipes, and closes by swipe down or Escape', async ({
  page,
}) => {
  await page.goto(`/cars/${car.id}`);
  const frame = page.getByTestId('gallery-frame');
  await expect(galleryCounter(page)).toHaveText('1 / 3', { timeout: 15_000 });
  // The gallery's gestures are the app's: the server's screen shows the photo before the app has started.
  await appStarted(page);
  const tapAt = await centreOf(frame);
  await page.touchscreen.tap(tapAt.x, tapAt.y);
  await expect(viewer(page)).toBeVisible();
  // It covers the whole screen.
  const box = (await viewer(page).boundingBox())!;
  expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 844]);
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('1 / 3');

  const centre = await centreOf(stage(page));
  await swipeBy(page, centre, -150, 10);
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('2 / 3');
  await expect(viewer(page).getByRole('img')).toHaveAttribute('alt', `${car.title}, photo 2 of 3`);

  await doubleTap(page, { x: centre.x + 40, y: centre.y - 30 });
  await expect(stage(page)).toHaveAttribute('data-zoom', '2.50');
  await page.screenshot({ path: 'test-results/screenshots/detail-viewer-zoomed-phone.png' });
  // Zoomed in, a one-finger drag pans the photo instead of leaving it.
  await swipeBy(page, centre, -120, 0);
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('2 / 3');
  await doubleTap(page, centre);
  await expect(stage(page)).toHaveAttribute('data-zoom', '1.00');

  await pinch(page, centre, 80, 260);
  const pinched = Number(await stage(page).getAttribute('data-zoom'));
  expect(pinched).toBeGreaterThan(2.5);
  await pinch(page, centre, 260, 60);
  await expect(stage(page)).toHaveAttribute('data-zoom', '1.00');

  await swipeBy(page, centre, 150, 0);
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('1 / 3');
  await page.screenshot({ path: 'test-results/screenshots/detail-viewer-phone.png' });
  await swipeBy(page, { x: centre.x, y: centre.y - 150 }, 0, 260);
  await expect(viewer(page)).toHaveCount(0);

  await page.touchscreen.tap(tapAt.x, tapAt.y);
  await expect(viewer(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
});

test('the detail page and its viewer fit a 320 px phone and a 1440 px desktop', async ({ page }) => {
  for (const size of [
    { width: 320, height: 640 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/cars/${car.id}`);
    await expect(galleryCounter(page)).toHaveText('1 / 3', { timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/screenshots/detail-gallery-${size.width}.png` });
    const open = page.getByRole('button', { name: 'View photo 1 of 3 full screen' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(viewer(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.keyboard.press('ArrowRight');
    await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('2 / 3');
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toHaveCount(0);
  }
});
