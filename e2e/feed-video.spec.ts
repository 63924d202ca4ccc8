import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectPlaying, feedCurrent, feedCurrentTitle, PHONE } from './support.ts';

/**
 * The feed's adaptive playback on a 390 px phone in Chromium (no native HLS, so hls.js): it starts on the lowest
 * rendition under a slow connection, steps up once the throttle is lifted, and with Save-Data never asks for a
 * rendition above the lowest. Renditions are told apart by their URLs: `.../r{i}.s{j}.m4s` is segment j of
 * rendition i, r0 the lowest (docs/media-and-video.md).
 */
test.use(PHONE);

const SEGMENT = /\.hls-\d+x\d+\/r(\d+)\.(?:s\d+\.m4s|init\.mp4)$/;

function renditionsAsked(page: Page): number[] {
  const asked: number[] = [];
  page.on('request', (request: Request) => {
    const match = SEGMENT.exec(new URL(request.url()).pathname);
    if (match) asked.push(Number(match[1]));
  });
  return asked;
}

async function throttle(page: Page, conditions: { downKbps: number; latencyMs: number } | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send(
    'Network.emulateNetworkConditions',
    conditions
      ? {
          offline: false,
          latency: conditions.latencyMs,
          downloadThroughput: (conditions.downKbps * 1000) / 8,
          uploadThroughput: (750 * 1000) / 8,
        }
      : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  );
  return cdp;
}

const currentPlayer = (page: Page) => feedCurrent(page).locator('video');

test('plays through hls.js from the lowest rendition on a slow 4G connection, and steps up when it is lifted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const asked = renditionsAsked(page);
  await throttle(page, { downKbps: 1_600, latencyMs: 150 });
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 30_000 });
  await expect(currentPlayer(page)).toHaveAttribute('data-playback', 'hls.js');
  await expectPlaying(page);
  // The first segment asked for is the lowest rendition's.
  expect(asked[0]).toBe(0);

  // The throttle lifted: after a few cars (hls.js measures as it goes) a higher rendition is asked for.
  await throttle(page, null);
  await expect
    .poll(
      async () => {
        await page.keyboard.press('ArrowDown');
        await expectPlaying(page);
        await page.waitForTimeout(3_000);
        return Math.max(...asked);
      },
      { timeout: 90_000, intervals: [0] },
    )
    .toBeGreaterThan(0);
});

test('with Save-Data never asks for a rendition above the lowest', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
    });
  });
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const asked = renditionsAsked(page);
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 30_000 });
  await expect(currentPlayer(page)).toHaveAttribute('data-low-data', 'save-data');
  await expectPlaying(page);
  for (let car = 0; car < 4; car++) {
    await page.keyboard.press('ArrowDown');
    await expectPlaying(page);
    await page.waitForTimeout(2_000);
  }
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((rendition) => rendition === 0)).toBe(true);
});
