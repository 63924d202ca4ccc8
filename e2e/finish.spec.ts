/**
 * What a buyer meets first, at a phone's 390 px (touch) and a desktop's 1440 px: the country and currency a phone
 * set to English (United States) gets, and the detail page's clip poster and contact bar. Each fixed state is saved
 * as test-results/screenshots/finish-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStarted, DEVICES } from './support.ts';

// Most phones in Eswatini and South Africa are set to English (United States).
test.use({ locale: 'en-US' });

const shoot = (page: Page, name: string, size: string) =>
  page.screenshot({ path: `test-results/screenshots/finish-${name}-${size}.png` });

async function tap(page: Page, target: ReturnType<Page['getByRole']>, touch: boolean) {
  if (touch) await target.tap();
  else await target.click();
}

for (const [size, options] of Object.entries(DEVICES)) {
  test.describe(`at ${size} size`, () => {
    test.use(options);

    test("an en-US phone gets Eswatini's budgets, and a card's reasons speak its price's currency", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/discover');
      await expect(page.getByRole('heading', { name: 'AI-Matched Cars' })).toBeVisible();
      await appStarted(page);
      await tap(page, page.getByRole('tab', { name: 'Lifestyle Match' }), options.hasTouch);
      await expect(page.getByText('Step 1 of 5')).toBeVisible();
      // Not dollars from the browser's language: the marketplace's own country until the buyer picks another.
      await expect(page.getByRole('combobox', { name: 'Your country' })).toHaveText(/Eswatini \(E\)/);
      await expect(page.getByRole('button', { name: /^E460k - E920k/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^\$/ })).toHaveCount(0);
      await shoot(page, 'quiz-currency', size);
      for (const answer of [
        /^E460k - E920k/,
        /^Small family/,
        /^Daily commuting/,
        /^Under 30 km/,
        /^No preference/,
      ]) {
        await tap(page, page.getByRole('button', { name: answer }), options.hasTouch);
      }
      await tap(page, page.getByRole('button', { name: 'Get My Recommendations' }), options.hasTouch);
      const card = page.getByRole('list', { name: 'Matched cars' }).getByRole('article').first();
      await expect(card).toBeVisible();
      const reasons = card.getByRole('list', { name: 'Why it matches' });
      await expect(reasons).toContainText(/^E[\d,]+: E[\d,]+ (under|over) your/);
      // The price badge and the reasons share one symbol.
      const text = (await card.innerText()).replace(/\s+/g, ' ');
      expect(text).toMatch(/E[\d,]{5,}/);
      expect(text).not.toContain('$');
      await card.scrollIntoViewIfNeeded();
      await shoot(page, 'card-reasons-currency', size);
    });

    test('a buyer who picks South Africa gets rand budgets, kept on the device', async ({ page }) => {
      await page.goto('/discover');
      await appStarted(page);
      await tap(page, page.getByRole('tab', { name: 'Lifestyle Match' }), options.hasTouch);
      await tap(page, page.getByRole('combobox', { name: 'Your country' }), options.hasTouch);
      await tap(page, page.getByRole('option', { name: 'South Africa (R)' }), options.hasTouch);
      await expect(page.getByRole('button', { name: /^R460k - R920k/ })).toBeVisible();
      await page.reload();
      await appStarted(page);
      await tap(page, page.getByRole('tab', { name: 'Lifestyle Match' }), options.hasTouch);
      await expect(page.getByRole('combobox', { name: 'Your country' })).toHaveText(/South Africa \(R\)/);
      await expect(page.getByRole('button', { name: /^R460k - R920k/ })).toBeVisible();
    });

    test('the detail page: a poster in the clip box, a sensible height, one contact bar, Share a button', async ({
      page,
      request,
    }) => {
      const res = await request.get('/api/cars?limit=50&sort=newest');
      const cars = (
        (await res.json()) as { data: { cars: { id: string; videos: string[]; dealerId?: string }[] } }
      ).data.cars;
      const car = cars.find((c) => c.videos.length > 0 && c.dealerId);
      expect(car, 'a dealer car with a video').toBeTruthy();
      await page.goto(`/cars/${car!.id}`);
      await appStarted(page);

      const clip = page.locator('video').first();
      const poster = await clip.getAttribute('poster');
      expect(poster, 'the clip names a poster').toBeTruthy();
      expect((await request.get(poster!)).ok(), 'the poster loads').toBe(true);
      const box = (await clip.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(options.viewport.height * 0.7 + 1);

      // Message, Call and WhatsApp: one bar, one width each; Call and WhatsApp are links needing no account.
      const bar = page.getByRole('group', { name: 'Contact the seller' });
      const acts = [
        bar.getByRole('button', { name: 'Message' }),
        bar.getByRole('link', { name: 'Call' }),
        bar.getByRole('link', { name: 'WhatsApp' }),
      ];
      const widths = await Promise.all(acts.map(async (a) => (await a.boundingBox())!.width));
      for (const width of widths) expect(Math.abs(width - widths[0]!)).toBeLessThanOrEqual(1);
      expect(await acts[1]!.getAttribute('href')).toMatch(/^tel:\+\d+$/);
      expect(await acts[2]!.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await clip.scrollIntoViewIfNeeded();
      await shoot(page, 'detail-poster', size);

      if (size === 'phone') {
        // On a phone the bar is on screen wherever the page is scrolled.
        for (const y of [0, 600, 100_000]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          const at = (await bar.boundingBox())!;
          expect(at.y).toBeGreaterThanOrEqual(0);
          expect(at.y + at.height).toBeLessThanOrEqual(options.viewport.height);
          await expect(acts[0]!).toBeInViewport();
        }
        await shoot(page, 'detail-contact-bar', size);
      }

      // Message asks a visitor to sign in; nothing else does.
      await tap(page, acts[0]!, options.hasTouch);
      await expect(page.getByRole('dialog', { name: 'Login required' })).toBeVisible();
      await shoot(page, 'detail-message-login', size);
    });
  });
}
