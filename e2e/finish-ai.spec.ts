/**
 * AI answers say what they are (390 px with touch, and 1440 px): 'Top 20 of 203 matches' with a way to see every
 * match in Browse, and each tab of AI Discovery keeps its own results, so the quiz never shows the earlier search's
 * cars under it. Screenshots: test-results/screenshots/finish-ai-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, DEVICES } from './support.ts';

for (const [size, options] of Object.entries(DEVICES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);
    const press = (target: Locator) => (options.hasTouch ? target.tap() : target.click());

    async function search(page: Page, words: string) {
      const answered = page.waitForResponse('**/api/ai/search-natural-language');
      await page.getByLabel('Describe the car you want').fill(words);
      await press(page.getByRole('tabpanel', { name: 'AI Search' }).getByRole('button', { name: 'Search' }));
      return ((await (await answered).json()) as { data: { cars: unknown[]; total: number } }).data;
    }

    test('a search names the top few of every match, and Browse shows them all', async ({ page }) => {
      await page.goto('/discover');
      await appStarted(page);
      const answer = await search(page, 'suv');
      expect(answer.cars).toHaveLength(20);
      expect(answer.total).toBeGreaterThan(20);
      const total = answer.total.toLocaleString('en-US');
      await expect(page.getByText(`Top 20 of ${total} matches for "suv"`, { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/finish-ai-top-of-${size}.png` });

      await press(page.getByRole('button', { name: `See all ${total} in Browse` }));
      await expect(page).toHaveURL(/\/browse\?bodyType=SUV$/);
      await expect(page.getByText(`${total} cars available`, { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/finish-ai-browse-all-${size}.png` });
    });

    test("the quiz's tab does not show the search's results under it", async ({ page }) => {
      await page.goto('/discover');
      await appStarted(page);
      await search(page, 'suv');
      const matched = page.getByRole('list', { name: 'Matched cars' });
      await expect(matched).toBeVisible();
      await press(page.getByRole('tab', { name: 'Lifestyle Match' }));
      await expect(matched).toHaveCount(0);
      await expect(page.getByText('Your matches will appear here')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/finish-ai-quiz-tab-${size}.png` });
      // Back on the search's tab, its results are there again.
      await press(page.getByRole('tab', { name: 'AI Search' }));
      await expect(matched).toBeVisible();
    });
  });
}
