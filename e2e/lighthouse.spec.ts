import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { swipeBy } from './touch.ts';

// A first visit renders the route's first screen from the answer index.html carries: if a view's first request
// ever stops matching what the server inlines (page size, sort, path), these fail instead of the page quietly
// going back to a round trip.

test.use({ viewport: { width: 390, height: 844 } });

/** A 390 px phone at 3x with touch, as bench:web emulates: what decides which renditions and cards load. */
const PHONE_3X = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Waits until React has replaced the first screen the server drew into #root. */
async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('[data-first-paint]')).toHaveCount(0, { timeout: 20_000 });
}

/** Every request the page makes to the API, by path and query. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

test('the feed shows its first car without asking the API for the first page', async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto('/');
  await appStarted(page);
  await expect(page.getByTestId('feed-current').getByRole('heading', { level: 2 })).toBeVisible({
    timeout: 20_000,
  });
  expect(seen).not.toContain('GET /api/cars?sort=newest&limit=10');
});

test.describe(() => {
  test.use(PHONE_3X);

  test("the feed's first screen on a phone downloads one poster, in AVIF, preloaded and drawn from one file", async ({
    page,
  }) => {
    const images: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith('/media/'))
        images.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await appStarted(page);
    await expect(page.getByTestId('feed-current').locator('video')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The current car's poster only: the next car shows its preloaded first frame until it is swiped in.
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\.avif$/);
  });
});

test('browse shows its first cars without asking the API for them', async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto('/browse');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/\d+ cars? available/)).toBeVisible();
  expect(seen).not.toContain('GET /api/cars?sort=newest&limit=12');
});

test.describe(() => {
  test.use(PHONE_3X);

  test("browse's first screen on a phone downloads the photos of the cards it shows and the next; a scroll brings more", async ({
    page,
  }) => {
    const photos = new Set<string>();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      // A photo, whichever of its renditions (width and format) the page took.
      if (request.resourceType() === 'image' && path.startsWith('/media/'))
        photos.add(path.replace(/\.\d+\.\w+$/, ''));
    });
    await page.goto('/browse', { waitUntil: 'networkidle' });
    await appStarted(page);
    const cards = page.getByRole('list', { name: 'Cars' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // One card fills most of a phone's screen: the first, the one below it and one more, not every card drawn.
    expect(await cards.count()).toBe(3);
    expect(photos.size).toBe(3);

    await swipeBy(page, { x: 195, y: 700 }, 0, -400);
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    await expect.poll(() => photos.size).toBeGreaterThan(3);
  });
});

test('a shared car link shows the car without asking the API for it, and its later asks still go out', async ({
  page,
  request,
}) => {
  const newest = (await (await request.get('/api/cars?limit=1&sort=newest')).json()) as {
    data: { cars: { id: string; make: string }[] };
  };
  const car = newest.data.cars[0]!;
  const seen = apiRequests(page);
  await page.goto(`/cars/${car.id}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(car.make) })).toBeVisible({
    timeout: 20_000,
  });
  expect(seen).not.toContain(`GET /api/cars/${car.id}`);
  // Going to browse and back asks again: the inlined answer serves the first visit only.
  await page.getByRole('button', { name: 'Back to listings' }).click();
  await expect(page.getByText(/\d+ cars? available/)).toBeVisible({ timeout: 20_000 });
  expect(seen).toContain('GET /api/cars?sort=newest&limit=12');
});

/** The boxes of a page's elements, by name; the page is opened with or without JavaScript. */
async function boxes(
  browser: Browser,
  path: string,
  javaScriptEnabled: boolean,
  selectors: Record<string, string>,
): Promise<Record<string, { x: number; y: number; width: number; height: number } | null>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await appStarted(page);
  const out: Record<string, { x: number; y: number; width: number; height: number } | null> = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const element = page.locator(selector).first();
    await element.waitFor({ timeout: 20_000 });
    out[name] = await element.boundingBox();
  }
  await context.close();
  return out;
}

// The server's first screen (apps/api/src/plugins/storefront-first-paint.ts) must sit exactly where the view then
// draws the same things: otherwise the page jumps when React takes over, and a larger element painted by React
// becomes the page's largest paint, late.
test('the first screen the server draws lands where each view then draws it', async ({
  browser,
  request,
}) => {
  const newest = (await (await request.get('/api/cars?limit=1&sort=newest')).json()) as {
    data: { cars: { id: string }[] };
  };
  const pages: { path: string; server: Record<string, string>; view: Record<string, string> }[] = [
    {
      path: '/',
      server: { media: '.fp-slide .fp-video', title: '.fp-feed-title', price: '.fp-feed-price' },
      view: {
        media: '[data-testid="feed-current"] > :first-child',
        title: '[data-testid="feed-current"] h2',
        price: '[data-testid="feed-current"] h2 >> xpath=preceding-sibling::p',
      },
    },
    {
      path: '/browse',
      server: { heading: 'h1', firstCard: 'article' },
      view: { heading: 'h1', firstCard: 'article' },
    },
    {
      path: `/cars/${newest.data.cars[0]!.id}`,
      server: { photo: 'section[aria-label="Photos"] img', title: 'h1', price: '[aria-label="Price"] p' },
      view: { photo: 'section[aria-label="Photos"] img', title: 'h1', price: '[aria-label="Price"] p' },
    },
  ];
  for (const { path, server, view } of pages) {
    const drawn = await boxes(browser, path, false, server);
    const rendered = await boxes(browser, path, true, view);
    for (const name of Object.keys(server)) {
      const a = drawn[name];
      const b = rendered[name];
      expect(a, `${path} ${name} drawn`).not.toBeNull();
      expect(b, `${path} ${name} rendered`).not.toBeNull();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(a![side] - b![side]), `${path} ${name} ${side}`).toBeLessThanOrEqual(1);
      }
    }
  }
});
