import { execFileSync } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectPlaying, feedCurrent } from './support.ts';

/**
 * The storefront at the addresses a team really opens it at: 127.0.0.1 (not the localhost the other specs use)
 * and an address of the machine on its network, as a phone on the same Wi-Fi would. Both are plain HTTP: nothing
 * may be upgraded to https and no media may be blocked by the page's own policy.
 */
/** Made for this spec when the machine has no non-loopback address (a container with loopback only). */
const DUMMY = { link: 'autoreel-e2e0', address: '10.213.57.1' };
let madeDummy = false;

function ownAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
}

/** A non-loopback address of this machine: its own, else one on a dummy link made as root. */
function networkAddress(): string | { skip: string } {
  const own = ownAddress();
  if (own) return own;
  if (process.getuid?.() !== 0) return { skip: 'no non-loopback address and not root to add one' };
  try {
    execFileSync('ip', ['link', 'add', DUMMY.link, 'type', 'dummy']);
    madeDummy = true;
    execFileSync('ip', ['addr', 'add', `${DUMMY.address}/32`, 'dev', DUMMY.link]);
    execFileSync('ip', ['link', 'set', DUMMY.link, 'up']);
    return DUMMY.address;
  } catch (error) {
    return { skip: `could not add a network address with ip: ${(error as Error).message}` };
  }
}

test.afterAll(() => {
  if (madeDummy) execFileSync('ip', ['link', 'del', DUMMY.link]);
});

/** Console errors, failed requests and policy violations while the page runs. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A request the browser cancels itself is not a failure: a video it stops buffering on a swipe, or the modules
    // and photos a page was still loading when the test moved to the next page. A blocked one fails otherwise
    // (ERR_BLOCKED_BY_CSP, ERR_BLOCKED_BY_RESPONSE, ERR_FAILED).
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return problems;
}

async function expectStorefrontWorks(page: Page, origin: string) {
  const problems = watch(page);
  const https: string[] = [];
  const media: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https:')) https.push(request.url());
    if (request.resourceType() === 'media' || /\.(m3u8|m4s|ts|mp4)(\?|$)/.test(request.url()))
      media.push(request.url());
  });

  await page.goto(`${origin}/browse`);
  await expect(page.getByRole('heading', { name: 'Premium Car Collection' })).toBeVisible();
  const posters = page.locator('article img');
  await expect(posters.first()).toBeVisible();
  // The first cards' photos have loaded, from this origin, as responsive renditions.
  await expect
    .poll(
      () =>
        posters.evaluateAll((images: HTMLImageElement[]) =>
          images
            .slice(0, 2)
            .map((img) => ({ loaded: img.complete && img.naturalWidth > 0, src: img.currentSrc })),
        ),
      { timeout: 20_000 },
    )
    .toEqual([
      { loaded: true, src: expect.stringMatching(new RegExp(`^${origin}/media/.+\\.(avif|webp|jpg)$`)) },
      { loaded: true, src: expect.stringMatching(new RegExp(`^${origin}/media/.+\\.(avif|webp|jpg)$`)) },
    ]);
  expect(await posters.first().getAttribute('srcset')).toMatch(/ 320w, .+ 640w/);

  await page.goto(`${origin}/`);
  await expect(feedCurrent(page).locator('video')).toBeAttached();
  await expectPlaying(page);
  // The video comes from this origin: its file directly, or (HLS through media source extensions) a blob of this
  // origin fed with the playlist and segments fetched from it.
  const src = await feedCurrent(page)
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentSrc);
  if (src.startsWith('blob:')) {
    expect(src).toMatch(new RegExp(`^blob:${origin}/`));
    expect(media.some((url) => url.startsWith(`${origin}/media/`) && url.includes('.m3u8'))).toBe(true);
  } else {
    expect(src).toMatch(new RegExp(`^${origin}/media/`));
  }
  expect(media.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);

  expect(https).toEqual([]);
  expect(problems).toEqual([]);
}

test('the storefront works at http://127.0.0.1: photos load and a feed video plays', async ({
  page,
  e2eServer,
}) => {
  await expectStorefrontWorks(page, `http://127.0.0.1:${e2eServer.port}`);
});

test('the storefront works at a network address of the machine, over plain HTTP', async ({
  page,
  e2eServer,
}) => {
  const address = networkAddress();
  test.skip(typeof address !== 'string', typeof address === 'string' ? '' : address.skip);
  const origin = `http://${address as string}:${e2eServer.port}`;
  expect((await page.request.get(`${origin}/api/health`)).status()).toBe(200);
  // Plain HTTP: the page asks for no upgrade to https and no HSTS.
  const html = await page.request.get(`${origin}/browse`);
  expect(html.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(html.headers()['strict-transport-security']).toBeUndefined();
  await expectStorefrontWorks(page, origin);
});
