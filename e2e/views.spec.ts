import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/*
 * Every view at phone and desktop sizes: a screenshot saved as a test artifact (test-results/screenshots/) and an
 * axe-core scan that must find no serious or critical violation (WCAG 2 A and AA rules).
 */

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const DEMO_PASSWORD = 'demo-pass-2026';
const DEMO = { customer: '76000003', dealer: '76000002' } as const;

/** Waits for the view's own requests to settle; a playing video keeps streaming, so it never blocks the wait. */
async function settle(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

async function scanAndShoot(page: Page, name: string, size: keyof typeof SIZES) {
  await settle(page);
  await page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: false });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Signs in through the sign-in screen, the way a person does. */
async function signIn(page: Page, localPhone: string) {
  await page.goto('/browse');
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('navigation').getByText('Account', { exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Sign In' }).first().click();
  }
  await page.getByLabel('Phone').fill(localPhone);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0, { timeout: 10_000 });
}

async function newestCarId(page: Page): Promise<string> {
  const res = await page.request.get('/api/cars?limit=1&sort=newest');
  const body = (await res.json()) as { data: { cars: { id: string }[] } };
  return body.data.cars[0]!.id;
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  test.describe(`views at ${size} size`, () => {
    test.use({ viewport: SIZES[size] });

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
      await signIn(page, DEMO.customer);
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
      await signIn(page, DEMO.dealer);
      await page.goto('/dealer');
      await scanAndShoot(page, 'dealer', size);
    });
  });
}
