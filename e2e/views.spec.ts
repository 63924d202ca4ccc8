import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_LOCAL,
  dealerCar,
  feedCurrentTitle,
  freshLocalNumber,
  LOGIN_PROMPT,
  newcomerAddress,
  PASSWORD,
  scanAndShoot,
  signIn,
  SIZES,
  type Size,
} from './support.ts';

/*
 * Every view at phone and desktop sizes: a screenshot saved as a test artifact (test-results/screenshots/) and an
 * axe-core scan that must find no serious or critical violation (WCAG 2 A and AA rules; scanAndShoot in
 * support.ts). Conversations with messages are scanned where they are made, in messaging.spec.ts; the overlays
 * (the auth screen's other modes, the country picker, the login prompt, the comments sheet, the Contact Dealer
 * form) are scanned open, each over the page that opens it.
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

    test('overlays: sign-up and OTP, the country picker, the login prompt and the comments sheet', async ({
      page,
    }) => {
      // A newcomer from an address of their own (support.ts, newcomerAddress): the sign-up sends a real code.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': newcomerAddress() });
      await page.goto('/');
      await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
      await page
        .getByRole('group', { name: 'Car actions' })
        .getByRole('button', { name: 'Like', exact: true })
        .click();
      await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toBeVisible();
      await scanAndShoot(page, 'login-prompt', size);
      await page.getByRole('button', { name: 'Not now' }).click();
      await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toHaveCount(0);

      await page
        .getByRole('group', { name: 'Car actions' })
        .getByRole('button', { name: 'Comments' })
        .click();
      await expect(page.getByRole('dialog', { name: /^Comments on the / })).toBeVisible();
      await scanAndShoot(page, 'comments-sheet', size);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: /^Comments on the / })).toHaveCount(0);

      await page
        .getByRole('group', { name: 'Car actions' })
        .getByRole('button', { name: 'Like', exact: true })
        .click();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByLabel('Full Name')).toBeVisible();
      await scanAndShoot(page, 'auth-signup', size);

      await page.getByRole('button', { name: /^Country: .* Change country$/ }).click();
      const picker = page.getByRole('dialog', { name: 'Select Country' });
      await expect(picker.getByRole('list', { name: 'Countries' }).getByRole('button').first()).toBeVisible();
      await scanAndShoot(page, 'country-picker', size);
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);

      await page.getByLabel('Full Name').fill('Axe Newcomer');
      await page.getByLabel('Phone (WhatsApp Required)').fill(freshLocalNumber(size === 'phone' ? 5 : 6));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
      await scanAndShoot(page, 'auth-otp', size);
    });

    test('the Contact Dealer form as it opens, and the test-drive form with its errors', async ({ page }) => {
      await signIn(page, DEMO_LOCAL.customer);
      const car = await dealerCar(page.request);
      await page.goto(`/cars/${car.id}`);
      await page.getByRole('button', { name: 'Contact Dealer' }).click();
      const form = page.getByRole('dialog', { name: 'Contact Dealer' });
      await expect(form.getByLabel('Message')).toHaveValue(/^Hi, I'm interested in the /);
      await scanAndShoot(page, 'contact-dealer', size);
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);

      await page.getByRole('button', { name: 'Schedule Test Drive' }).click();
      const testDrive = page.getByRole('dialog', { name: 'Schedule Test Drive' });
      await testDrive.getByLabel('Name').fill('');
      await testDrive.getByRole('button', { name: 'Send Message' }).click();
      await expect(testDrive.getByText('Choose a date for the test drive')).toBeVisible();
      await scanAndShoot(page, 'schedule-test-drive-errors', size);
    });

    test('the dealer dashboard', async ({ page }) => {
      await signIn(page, DEMO_LOCAL.dealer);
      await page.goto('/dealer');
      await scanAndShoot(page, 'dealer', size);
    });
  });
}
