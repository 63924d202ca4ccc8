import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, PHONE } from './support.ts';

/*
 * Phone browse (issue 13): the filters fold behind 'Filters (n)' so the first car shows on the first screen, and
 * back from a car returns to the same scroll position with the same cards, the pages already loaded.
 */

test.use(PHONE);

/** The titles of the cards on screen now, top to bottom. */
const cardsOnScreen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="list"][aria-label="Cars"] article'))
      .filter((card) => {
        const r = card.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      })
      .map((card) => card.getAttribute('aria-label')),
  );

test('phone browse: folded filters, the first car on the first screen, and back to the same place', async ({
  page,
}) => {
  await page.goto('/browse');
  const cards = page.getByRole('list', { name: 'Cars' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect((await cards.first().boundingBox())!.y).toBeLessThan(bar.y);

  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Body type')).toBeHidden();
  // A sort or filter changed on the server's screen before the app has started would not reach the app.
  await appStarted(page);
  await toggle.tap();
  await page.getByLabel('Sort by').selectOption('price-low');
  await page.getByLabel('Fuel type').selectOption('Petrol');
  await page.getByLabel('Transmission').selectOption('Automatic');
  const folded = page.getByRole('button', { name: 'Filters (2)', exact: true });
  await folded.tap();
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Body type')).toBeHidden();

  // Deep down the list: three pages and more loaded by scrolling.
  let pages = 0;
  page.on('response', (r) => {
    if (r.url().includes('/api/cars?') && r.url().includes('cursor=')) pages += 1;
  });
  for (let tries = 0; pages < 3 && tries < 40; tries += 1) {
    await page.evaluate(() => window.scrollBy(0, 2_500));
    await page.waitForTimeout(200);
  }
  expect(pages).toBeGreaterThanOrEqual(3);
  await page.waitForLoadState('networkidle');
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBeGreaterThan(5_000);
  const before = await cardsOnScreen(page);
  expect(before.length).toBeGreaterThan(0);

  const card = page.getByRole('article', { name: before[0]!, exact: true });
  await card.getByRole('button', { name: before[0]!, exact: true }).tap();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cars?')) requested.push(r.url());
  });
  await page.goBack();
  // Back to Browse at the address that names its filters and sort.
  await expect(page).toHaveURL(/\/browse\?fuelType=Petrol&transmission=Automatic&sort=price-low$/);
  await expect(cards.first()).toBeVisible();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(2);
  expect(await cardsOnScreen(page)).toEqual(before);
  await expect(page.getByRole('button', { name: 'Filters (2)', exact: true })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  // The pages came from what was already loaded: no page was fetched again on the way back.
  expect(requested).toEqual([]);
});
