import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOCAL, scanAndShoot, signIn, SIZES, type Size } from './support.ts';

/*
 * Every view at phone and desktop sizes: a screenshot saved as a test artifact (test-results/screenshots/) and an
 * axe-core scan that must find no serious or critical violation (WCAG 2 A and AA rules; scanAndShoot in
 * support.ts). Conversations with messages are scanned where they are made, in messaging.spec.ts.
 */

async function newestCarId(page: Page): Promise<string> {
  const res = await page.request.get('/api/cars?limit=1&sort=newest');
  const body = (await res.json()) as { data: { cars: { id: string }[] } };
  return body.data.cars[0]!.id;
}

for (const size of Object.keys(SIZES) as Size[]) {
  test.describe(`views at ${size} size`, () => {
    test.use({ viewport: SIZES[size] });
    // Several views per test, each scanned in full: a busy CI machine needs more than the default minute.
    test.describe.configure({ timeout: 180_000 });

    test('public views: feed, browse, discover, detail and sign-in', async ({ page }) => {
      await page.goto('/');
      await scanAndShoot(page, 'feed', size);
      await page.goto('/browse');
      await expect(page.getByRole('heading', { name: 'Premium Car Collection' })).toBeVisible();
      await scanAndShoot(page, 'browse', size);
      await page.goto('/discover');
      await scanAndShoot(page, 'discover', size);
      await page.goto(`/cars/${await newestCarId(page)}`);
      await scanAndShoot(page, 'detail', size);
      await page.goto('/browse');
      if (size === 'phone') await page.getByRole('navigation').getByText('Account', { exact: true }).click();
      else await page.getByRole('button', { name: 'Sign In' }).first().click();
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await scanAndShoot(page, 'auth', size);
    });

    test('a buyer’s views: account, messages, chat and become-seller', async ({ page }) => {
      await signIn(page, DEMO_LOCAL.customer);
      await page.goto('/account');
      await scanAndShoot(page, 'account', size);
      await page.goto('/messages');
      await scanAndShoot(page, 'messages', size);
      const car = await page.request.get(`/api/cars/${await newestCarId(page)}`);
      const { data } = (await car.json()) as { data: { id: string; sellerId: string } };
      await page.goto(`/messages/${data.sellerId}?car=${data.id}`);
      await scanAndShoot(page, 'chat', size);
      await page.goto('/sell');
      await scanAndShoot(page, 'become-seller', size);
    });

    test('the dealer dashboard', async ({ page }) => {
      await signIn(page, DEMO_LOCAL.dealer);
      await page.goto('/dealer');
      await scanAndShoot(page, 'dealer', size);
    });
  });
}
