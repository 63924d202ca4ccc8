import { expect, test } from './fixtures.ts';
import sharp from 'sharp';

interface Manifest {
  name: string;
  display: string;
  theme_color: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test('the storefront installs as an app: favicon, manifest with real icons, theme colour, allowed by the CSP', async ({
  page,
  request,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/browse');

  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#c2410c');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');

  const manifestAnswer = await request.get(manifestHref!);
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'AutoReel',
    display: 'standalone',
    theme_color: '#c2410c',
    start_url: '/',
  });

  // Every icon is a real PNG of the size it claims; one is maskable.
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await answer.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);

  for (const link of await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').all()) {
    const answer = await request.get((await link.getAttribute('href'))!);
    expect(answer.status()).toBe(200);
  }

  // Chromium fetches the manifest itself; the policy must let it (and the icons) load.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(500);
  expect(refused).toEqual([]);
});
