import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, LOGIN_PROMPT } from './support.ts';
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

/** The cards the server renders on browse's first screen (FIRST_SCREEN_CARDS). */
const SERVER_FIRST_CARDS = 3;

test.describe(() => {
  test.use(PHONE_3X);

  test("the feed's first screen on a phone downloads one poster, in AVIF, preloaded and drawn from one file", async ({
    page,
  }) => {
    // Each photo the page fetches, in the order it asked: when it asked and when the answer had arrived.
    const images: { path: string; asked: number; arrived?: number }[] = [];
    const mediaPath = (url: string) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/media/') ? pathname : null;
    };
    page.on('request', (request) => {
      const path = mediaPath(request.url());
      if (request.resourceType() === 'image' && path) images.push({ path, asked: Date.now() });
    });
    page.on('requestfinished', (request) => {
      const fetched = images.find((image) => image.path === mediaPath(request.url()) && !image.arrived);
      if (fetched) fetched.arrived = Date.now();
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await appStarted(page);
    const video = page.getByTestId('feed-current').locator('video');
    await expect(video).toBeVisible();
    // The photo the poster picked becomes the video's poster attribute once it has loaded.
    await expect(video).toHaveAttribute('poster', /\.avif$/);
    await page.waitForLoadState('networkidle');
    const poster = mediaPath((await video.getAttribute('poster'))!);
    // The current car's poster comes first and alone. The next car shows its preloaded first frame or its inline
    // placeholder; if its first frame is late, its poster is fetched, but only after the current one has arrived.
    expect(images[0]?.path).toBe(poster);
    expect(images.length).toBeLessThanOrEqual(2);
    for (const later of images.slice(1)) expect(later.asked).toBeGreaterThan(images[0]!.arrived!);
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
    // The cards on the screen and the row below them are drawn, with their photos; not every card of the page.
    const onScreen = await cards.evaluateAll(
      (articles) =>
        articles.filter((article) => {
          const box = article.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }).length,
    );
    expect(onScreen).toBeGreaterThan(0);
    // The row below: two compact cards a row in Browse's phone grid.
    const perRow = await cards.evaluateAll((articles) => {
      const top = articles[0]!.getBoundingClientRect().top;
      return articles.filter((article) => Math.abs(article.getBoundingClientRect().top - top) < 2).length;
    });
    const drawn = await cards.count();
    expect(drawn).toBeGreaterThan(onScreen);
    expect(drawn).toBeLessThanOrEqual(onScreen + perRow);
    // The server, which knows no screen, sends the first three cards; the browser may fetch their photos before the
    // app has measured the screen and drawn fewer. Nothing further down is fetched.
    expect(photos.size).toBeGreaterThanOrEqual(drawn);
    expect(photos.size).toBeLessThanOrEqual(Math.max(drawn, SERVER_FIRST_CARDS));

    await swipeBy(page, { x: 195, y: 700 }, 0, -400);
    await expect.poll(() => cards.count()).toBeGreaterThan(drawn);
    await expect.poll(() => photos.size).toBeGreaterThan(drawn);
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

/** Whether the element `selector` finds is still the one marked as the server's (the app did not draw it again). */
function serverMarked(page: Page, selector: string): Promise<boolean | undefined> {
  return page.evaluate(
    (selector) =>
      (document.querySelector(`#root ${selector}`) as { serverMark?: boolean } | null)?.serverMark,
    selector,
  );
}

/** What React reports when the page it hydrates differs from the server's (production builds name the error). */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)/i;

// The server renders each first screen with the storefront's own views (apps/storefront/src/entry-server.tsx) and
// the app hydrates it: the same elements become live, with no second drawing, no warning and no reload.
test('the server-rendered first screen is the one the app hydrates, and its controls then work', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const newest = (await (await request.get('/api/cars?limit=1&sort=newest')).json()) as {
    data: { cars: { id: string }[] };
  };
  const browseLikeAsksToSignIn = async (page: Page) => {
    await page
      .getByRole('list', { name: 'Cars' })
      .getByRole('button', { name: /^Like / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  };
  const pages: {
    path: string;
    /** The screen's width; a 390 px phone when not given. */
    width?: number;
    /** An element the server rendered, which hydration must keep (not draw again). */
    kept: string;
    /** A tap, and what shows it worked. */
    tap: (page: Page) => Promise<void>;
  }[] = [
    {
      path: '/',
      kept: '[data-testid="feed-current"] h2',
      tap: async (page) => {
        await page
          .getByRole('group', { name: 'Car actions' })
          .getByRole('button', { name: 'Like', exact: true })
          .click();
        await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toBeVisible();
      },
    },
    { path: '/browse', kept: 'article h3', tap: browseLikeAsksToSignIn },
    {
      // Three columns: the measured rows that take over from hydration's single one keep the first cards.
      path: '/browse',
      width: 1280,
      kept: 'article h3',
      tap: browseLikeAsksToSignIn,
    },
    {
      path: `/cars/${newest.data.cars[0]!.id}`,
      kept: 'h1',
      tap: async (page) => {
        await page.getByRole('button', { name: 'Back to listings' }).click();
        await expect(page.getByText(/\d+ cars? available/)).toBeVisible({ timeout: 20_000 });
        expect(new URL(page.url()).pathname).toBe('/browse');
      },
    },
  ];
  for (const { path, width = 390, kept, tap } of pages) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const trouble: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && HYDRATION_TROUBLE.test(message.text()))
        trouble.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (HYDRATION_TROUBLE.test(`${error.name} ${error.message}`)) trouble.push(error.message);
    });
    // The app's start is held until the server's elements are marked, so a mark on them shows they were kept.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not 'domcontentloaded': that waits for the held module script.
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('#root').locator(kept).first(), `${path} server-rendered`).toBeVisible();
    await page.evaluate((selector) => {
      (window as { pageMark?: boolean }).pageMark = true;
      const element = document.querySelector<Element & { serverMark?: boolean }>(`#root ${selector}`);
      if (element) element.serverMark = true;
    }, kept);
    release();
    await appStarted(page);
    expect(await serverMarked(page, kept), `${path}: hydration kept the server's element`).toBe(true);
    await tap(page);
    expect(await page.evaluate(() => (window as { pageMark?: boolean }).pageMark), `${path}: no reload`).toBe(
      true,
    );
    // ...and kept it once the app measured the screen and drew what it shows there (when the tap stayed on it).
    if (new URL(page.url()).pathname === path)
      expect(
        await serverMarked(page, kept),
        `${path} at ${width} px: the app kept the server's element`,
      ).toBe(true);
    expect(trouble, path).toEqual([]);
    await context.close();
  }
});
