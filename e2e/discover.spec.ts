import { carTitle } from '@autoreel/core';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, PHONE } from './support.ts';
import { centreOf } from './touch.ts';

// The browser's country is Eswatini, so the quiz's budgets are in lilangeni (E).
test.use({ locale: 'en-SZ' });

interface ListedCar {
  id: string;
  make: string;
  model: string;
  year: number;
  price: number;
  fuelType: string;
  bodyType: string;
}

/** The price a card's badge shows ('E 850,000'), as a number. */
function badgePrice(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

/** The scores the cards show ('87% Match'), in card order. */
async function shownScores(cards: Locator): Promise<number[]> {
  const texts = await cards.getByText(/^\d+% Match$/).allInnerTexts();
  return texts.map((text) => Number.parseInt(text, 10));
}

async function openDiscover(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'AI-Matched Cars' })).toBeVisible();
}

test("AI Search: 'electric SUV under 900k' finds only electric SUVs up to E900,000", async ({ page }) => {
  await openDiscover(page);
  const answered = page.waitForResponse('**/api/ai/search-natural-language');
  await page.getByLabel('Describe the car you want').fill('electric SUV under 900k');
  await page.getByRole('tabpanel', { name: 'AI Search' }).getByRole('button', { name: 'Search' }).click();
  const body = (await (await answered).json()) as {
    data: { cars: { car: ListedCar; matchScore: number }[] };
  };
  const found = body.data.cars.map((m) => m.car);
  expect(found.length).toBeGreaterThan(0);
  for (const car of found) {
    expect(car.fuelType).toBe('Electric');
    expect(car.bodyType).toBe('SUV');
    expect(car.price).toBeGreaterThan(0);
    expect(car.price).toBeLessThanOrEqual(900_000);
  }

  const chips = page.getByRole('list', { name: 'Understood filters' });
  await expect(chips.getByRole('listitem')).toHaveText(['SUV', 'Electric', 'Under E900,000']);
  const cards = page.getByRole('list', { name: 'Matched cars' }).getByRole('article');
  await expect(cards).toHaveCount(found.length);
  expect(await shownScores(cards)).toEqual(body.data.cars.map((m) => Math.round(m.matchScore)));
  for (const card of await cards.all()) {
    await expect(card.getByRole('list', { name: 'Specifications' })).toContainText('Electric');
    expect(badgePrice(await card.locator('span', { hasText: /^E/ }).first().innerText())).toBeLessThanOrEqual(
      900_000,
    );
  }

  // Removing the price chip searches the same words again without it.
  const again = page.waitForResponse('**/api/ai/search-natural-language');
  await page.getByRole('button', { name: 'Remove Under E900,000' }).click();
  const wider = (await (await again).json()) as { data: { cars: { car: ListedCar }[] } };
  await expect(chips.getByRole('listitem')).toHaveText(['SUV', 'Electric']);
  await expect(page.getByLabel('Describe the car you want')).toHaveValue('electric SUV under 900k');
  expect(wider.data.cars.every((m) => m.car.fuelType === 'Electric' && m.car.bodyType === 'SUV')).toBe(true);
  expect(wider.data.cars.length).toBeGreaterThanOrEqual(found.length);
});

test('Lifestyle Match: the five steps, the summary and the AI-Matched Cars', async ({ page }) => {
  await openDiscover(page);
  await page.getByRole('tab', { name: 'Lifestyle Match' }).click();
  for (const [step, answer] of [
    ['Step 1 of 5', /^E460k - E920k/],
    ['Step 2 of 5', /^Small family/],
    ['Step 3 of 5', /^Daily commuting/],
    ['Step 4 of 5', /^Under 30 km/],
    ['Step 5 of 5', /^No preference/],
  ] as const) {
    await expect(page.getByText(step)).toBeVisible();
    await page.getByRole('button', { name: answer }).click();
  }
  await expect(page.getByText('Your answers')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText([
    'E460k - E920k',
    'Small family',
    'Daily commuting',
    'Under 30 km',
    'No preference',
  ]);
  await page.getByRole('button', { name: 'Get My Recommendations' }).click();
  const cards = page.getByRole('list', { name: 'Matched cars' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/^(Top \d+ of )?[\d,]+ match(es)? for your lifestyle$/)).toBeVisible();
  const scores = await shownScores(cards);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  // The car's own price against the budget, not a line every card shares.
  await expect(cards.first().getByRole('list', { name: 'Why it matches' })).toContainText(
    /^E[\d,]+: E[\d,]+ (under|over) your/,
  );
});

test('Browse: a filter and a sort, more cars on scroll, then a car opens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Premium Car Collection' })).toBeVisible();
  // A filter changed on the server's screen before the app has started would not reach the app.
  await appStarted(page);

  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/cars?') && r.url().includes('bodyType=SUV'),
  );
  await page.getByLabel('Body type').selectOption('SUV');
  await filtered;
  const sorted = page.waitForResponse(
    (r) =>
      r.url().includes('/api/cars?') &&
      r.url().includes('sort=price-low') &&
      r.url().includes('bodyType=SUV'),
  );
  await page.getByLabel('Sort by').selectOption('price-low');
  const first = (await (await sorted).json()) as { data: { cars: ListedCar[]; total: number } };
  expect(first.data.cars.every((car) => car.bodyType === 'SUV')).toBe(true);
  const prices = first.data.cars.map((car) => car.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  const list = page.getByRole('list', { name: 'Cars' });
  const top = first.data.cars[0]!;
  const title = carTitle(top);
  await expect(list.getByRole('article').first()).toHaveAttribute('aria-label', title);

  // Scrolling to the end loads the next pages without pressing Load More; only rows near the screen are drawn.
  let loaded = first.data.cars.length;
  page.on('response', (r) => {
    if (r.url().includes('/api/cars?') && r.url().includes('cursor=')) loaded += 12;
  });
  for (let tries = 0; loaded < 60 && tries < 40; tries += 1) {
    await page.mouse.wheel(0, 4_000);
    await page.waitForTimeout(250);
  }
  expect(loaded).toBeGreaterThanOrEqual(60);
  await expect(page.getByText(`${first.data.total.toLocaleString('en-US')} cars available`)).toBeVisible();
  const drawn = await list.getByRole('article').count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(loaded);
  // The first rows, far above the screen now, are not in the page.
  await expect(
    list.getByRole('listitem').filter({ has: page.getByRole('article', { name: title }) }),
  ).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await list.getByRole('article').first().getByRole('button', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${top.id}$`));
  await expect(
    page.getByRole('heading', { name: new RegExp(`${top.make} ${top.model}`) }).first(),
  ).toBeVisible();
});

test('Browse cards: like asks to sign in, then likes for real and survives a reload; chat opens the dealer thread', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/browse');
  const list = page.getByRole('list', { name: 'Cars' });
  const card = list.getByRole('article').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Like / }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // The like requests the page sends from here on, and how many are still waiting for their answer.
  const likes = { open: 0 };
  const isLike = (request: Request) => /\/api\/cars\/[^/]+\/like$/.test(request.url());
  page.on('request', (request) => {
    if (isLike(request)) likes.open += 1;
  });
  const ended = (request: Request) => {
    if (isLike(request)) likes.open -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);

  await page.getByLabel('Phone').fill('76000003');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0, { timeout: 10_000 });
  await expect(page).toHaveURL(/\/browse$/);

  const first = list.getByRole('article').first();
  const title = (await first.getAttribute('aria-label'))!;
  const like = first.getByRole('button', { name: new RegExp(`^(Like|Unlike) ${title}, `) });
  // The like asked for before signing in is done on the same card (kept, if this buyer had liked it before).
  await expect(like).toHaveAttribute('aria-label', /^Unlike /);
  // ...and answered: the like sent for it (none when the buyer had liked the car before) has come back.
  await expect.poll(() => likes.open).toBe(0);
  const before = (await like.getAttribute('aria-label'))!;
  const wasLiked = before.startsWith('Unlike');
  const count = Number(/, (\d+) likes?$/.exec(before)![1]);
  const answered = page.waitForResponse((r) => r.url().endsWith('/like') && r.request().method() === 'POST');
  await like.click();
  expect((await answered).ok()).toBe(true);
  const after = `${wasLiked ? 'Like' : 'Unlike'} ${title}, ${wasLiked ? count - 1 : count + 1}`;
  await expect(like).toHaveAttribute('aria-label', new RegExp(`^${after} likes?$`));

  // The server kept it: a fresh page asks the batch status and shows the same.
  await page.reload();
  const again = list
    .getByRole('article')
    .first()
    .getByRole('button', { name: new RegExp(`^${after} likes?$`) });
  await expect(again).toBeVisible();
  // Put it back, so the run can repeat on the same data.
  await again.click();
  await expect(
    list.getByRole('article').first().getByRole('button', { name: before, exact: true }),
  ).toBeVisible();

  await list
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Message (dealer|seller)$/ })
    .click();
  await expect(page).toHaveURL(/\/messages\/[^/?]+\?car=/);
});

test.describe('on a phone, by touch', () => {
  test.use(PHONE);

  test("'cheap first car for a new driver' filters nothing by condition New and orders by the shown score", async ({
    page,
  }) => {
    await page.goto('/discover');
    const field = page.getByLabel('Describe the car you want');
    const tap = async (target: Locator) => {
      await target.scrollIntoViewIfNeeded();
      const at = await centreOf(target);
      await page.touchscreen.tap(at.x, at.y);
    };
    await tap(field);
    await page.keyboard.type('cheap first car for a new driver');
    const answered = page.waitForResponse('**/api/ai/search-natural-language');
    await tap(page.getByRole('tabpanel', { name: 'AI Search' }).getByRole('button', { name: 'Search' }));
    const body = (await (await answered).json()) as {
      data: {
        filters: Record<string, unknown>;
        cars: { car: ListedCar & { condition: string }; matchScore: number; matchRank: number }[];
      };
    };
    // Read as an affordable, small, easy car: no filter at all, least of all condition New.
    expect(body.data.filters).toEqual({});
    expect(body.data.filters['condition']).toBeUndefined();
    const found = body.data.cars;
    expect(found.length).toBeGreaterThan(1);
    expect(found.some((m) => m.car.condition !== 'New')).toBe(true);
    const chips = page.getByRole('list', { name: 'Understood filters' });
    await expect(chips.getByRole('listitem')).toHaveText(['Affordable', 'Small', 'Easy to drive']);

    // The cards show each car's own score, highest first, in the order the server ranked them.
    const cards = page.getByRole('list', { name: 'Matched cars' }).getByRole('article');
    await expect(cards).toHaveCount(found.length);
    const shown = await shownScores(cards);
    expect(shown).toEqual(found.map((m) => Math.round(m.matchScore)));
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(found.map((m) => m.matchRank)).toEqual(found.map((_, i) => i + 1));
    expect(new Set(shown).size).toBeGreaterThan(1);
    // The answer says what it is: the best few of every car that matches.
    const total = (body.data as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(found.length);
    await expect(
      page.getByText(
        `${total > found.length ? `Top ${found.length} of ${total.toLocaleString('en-US')}` : found.length} matches for "cheap first car for a new driver"`,
      ),
    ).toBeVisible();

    // A chip removed by touch stays removed: the same words are searched without it.
    const again = page.waitForRequest('**/api/ai/search-natural-language');
    await tap(page.getByRole('button', { name: 'Remove Affordable' }));
    expect((await again).postDataJSON()).toEqual({
      query: 'cheap first car for a new driver',
      without: ['cheap'],
    });
    await expect(chips.getByRole('listitem')).toHaveText(['Small', 'Easy to drive']);
    await expect(field).toHaveValue('cheap first car for a new driver');
  });
});
