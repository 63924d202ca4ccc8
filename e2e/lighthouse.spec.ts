import { expect, test, type Page, type Request } from '@playwright/test';

// A first visit renders the route's first screen from the answer index.html carries: if a view's first request
// ever stops matching what the server inlines (page size, sort, path), these fail instead of the page quietly
// going back to a round trip.

test.use({ viewport: { width: 390, height: 844 } });

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
  await expect(page.getByTestId('feed-current').getByRole('heading', { level: 2 })).toBeVisible({
    timeout: 20_000,
  });
  expect(seen).not.toContain('GET /api/cars?sort=newest&limit=10');
});

test('browse shows its first cars without asking the API for them', async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/\d+ cars? available/)).toBeVisible();
  expect(seen).not.toContain('GET /api/cars?sort=newest&limit=12');
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
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(car.make) })).toBeVisible({
    timeout: 20_000,
  });
  expect(seen).not.toContain(`GET /api/cars/${car.id}`);
  // Going to browse and back asks again: the inlined answer serves the first visit only.
  await page.getByRole('button', { name: 'Back to listings' }).click();
  await expect(page.getByText(/\d+ cars? available/)).toBeVisible({ timeout: 20_000 });
  expect(seen).toContain('GET /api/cars?sort=newest&limit=12');
});
