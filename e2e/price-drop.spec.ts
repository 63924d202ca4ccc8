/**
 * A dealer lowers a price in the dashboard; a buyer sees the 'Price drop' badge on the card, 'Listed ... ago' and the
 * price's step chart on the detail page, and finds the car first under 'Recently Reduced'. At a 390 px touch phone
 * and at 1440 px.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dealerToken } from './dealer-flow.ts';
import { appStarted, DEMO_LOCAL, seriousViolations, signIn } from './support.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, touch: false },
] as const;

for (const size of sizes) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
    const act = (target: Locator) => (size.touch ? target.tap() : target.click());

    test('a lowered price shows as a drop on the card and the detail page, first under Recently Reduced', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      // A car of the demo dealer's, listed now at E420,000.
      const stamp = Date.now().toString(36);
      const token = await dealerToken(request);
      const created = await request.post('/api/cars', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          make: 'Toyota',
          model: `Corolla ${stamp}`,
          year: 2022,
          price: 420000,
          mileage: 18000,
          fuelType: 'Petrol',
          transmission: 'Automatic',
          bodyType: 'Sedan',
          exteriorColor: 'Silver',
          interiorColor: 'Black',
          condition: 'Used',
          description: 'One owner, full service history, new tyres.',
          features: ['Bluetooth'],
        },
      });
      expect(created.status()).toBe(201);
      const carId = ((await created.json()) as { data: { id: string } }).data.id;
      const title = `2022 Toyota Corolla ${stamp}`;

      // The dealer lowers it to E399,000 in the dashboard's inventory.
      await signIn(page, DEMO_LOCAL.dealer);
      await page.goto('/dealer');
      await act(page.getByRole('tab', { name: 'Inventory' }));
      await act(page.getByRole('button', { name: `Edit ${title}` }));
      const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
      await dialog.getByLabel('Price').fill('399000');
      await act(dialog.getByRole('button', { name: 'Save changes' }));
      await expect(page.getByText('Car updated', { exact: true })).toBeVisible();

      await buyerSees(browser, baseURL!, size, title, carId, act);
    });
  });
}

async function buyerSees(
  browser: Browser,
  baseURL: string,
  size: (typeof sizes)[number],
  title: string,
  carId: string,
  act: (target: Locator) => Promise<void>,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: size.viewport,
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  const page: Page = await context.newPage();
  await page.goto('/browse');
  // A sort changed on the server's screen before the app has started would not reach the app.
  await appStarted(page);
  await page.getByLabel('Sort by').selectOption('recently-reduced');
  const first = page.getByRole('article').first();
  await expect(first).toHaveAccessibleName(title);
  await expect(first.getByTestId('price-drop')).toHaveText('Price drop E21,000');
  await page.screenshot({ path: `test-results/price-drop-browse-${size.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await act(first.getByRole('button', { name: title, exact: true }));
  await expect(page).toHaveURL(new RegExp(`/cars/${carId}`));
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByTestId('price-drop')).toHaveText('Price drop E21,000');
  await expect(price.getByTestId('listed-ago')).toHaveText(/^Listed (today|1 day ago|\d+ days ago)$/);
  // The chart comes below the page's actions, so its late arrival moves no button under a finger.
  const chart = page.getByTestId('price-history-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('img')).toHaveAccessibleName(
    /^Price history: E420,000 on .+, E399,000 on .+$/,
  );
  await page.screenshot({ path: `test-results/price-drop-detail-${size.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
}
