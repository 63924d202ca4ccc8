import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  appStarted,
  dealerCar,
  feedCurrentTitle,
  LOGIN_PROMPT,
  PASSWORD,
  signUpCustomer,
  type SignedUp,
} from './support.ts';

/*
 * Issue 13 item 4: an action that asked for sign-in is carried out after signing in, on the same car, instead of
 * the visitor landing on browse. Each test is a fresh buyer signing in on the login screen the action opened, and
 * taps once the app has started (a tap on the server's first screen before then is not the app's to answer).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Signs in on the login screen that is already open, as the buyer types it. */
async function signInHere(page: Page, buyer: SignedUp) {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Phone').fill(buyer.local);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0, { timeout: 10_000 });
}

test('a like asked for on the feed is done after signing in, on the same car', async ({ page, request }) => {
  const buyer = await signUpCustomer(request, 'Sipho Intent', 3);
  await page.goto('/');
  await appStarted(page);
  const title = feedCurrentTitle(page);
  await expect(title).toBeVisible({ timeout: 20_000 });
  const car = (await title.textContent())!;
  const actions = page.getByRole('group', { name: 'Car actions' });
  await actions.getByRole('button', { name: 'Like', exact: true }).tap();
  await expect(page.getByText(LOGIN_PROMPT, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Login', exact: true }).tap();
  await signInHere(page, buyer);

  // Still on the feed, on the same car, and the car is liked: on screen and on the server.
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(feedCurrentTitle(page)).toHaveText(car);
  await expect(actions.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: 'test-results/screenshots/intent-like-resumed-phone.png' });
  const liked = await request.get('/api/cars/user/liked', {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
  });
  const { cars } = (
    (await liked.json()) as { data: { cars: { year: number; make: string; model: string }[] } }
  ).data;
  expect(cars.map((c) => `${c.year} ${c.make} ${c.model}`)).toEqual([car]);
});

test('messaging the seller from the feed opens that chat after signing in', async ({ page, request }) => {
  const buyer = await signUpCustomer(request, 'Lindiwe Intent', 4);
  await page.goto('/');
  await appStarted(page);
  const title = feedCurrentTitle(page);
  await expect(title).toBeVisible({ timeout: 20_000 });
  const car = (await title.textContent())!;
  await page
    .getByRole('group', { name: 'Car actions' })
    .getByRole('button', { name: 'Message seller' })
    .tap();
  await signInHere(page, buyer);

  // The conversation with this car's seller is open, with the car as its context.
  await expect(page).toHaveURL(/\/messages\/[^/?]+\?car=/);
  await expect(page.getByRole('button', { name: /Click to view car details/ })).toContainText(car);
  await page.screenshot({ path: 'test-results/screenshots/intent-message-resumed-phone.png' });
});

test('Schedule Test Drive asks to log in for a test drive, then opens its form on the same car', async ({
  page,
  request,
}) => {
  const buyer = await signUpCustomer(request, 'Themba Intent', 5);
  const car = await dealerCar(request);
  await page.goto(`/cars/${car.id}`);
  await appStarted(page);
  await page.getByRole('button', { name: 'Schedule Test Drive' }).tap();
  const prompt = page.getByRole('dialog', { name: 'Login required' });
  await expect(prompt).toContainText('test drive');
  await expect(prompt).not.toContainText('like cars');
  await page.screenshot({ path: 'test-results/screenshots/intent-test-drive-prompt-phone.png' });
  await prompt.getByRole('button', { name: 'Login', exact: true }).tap();
  await signInHere(page, buyer);

  await expect(page).toHaveURL(new RegExp(`/cars/${car.id}$`));
  const form = page.getByRole('dialog', { name: 'Schedule Test Drive' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Themba Intent');
  await expect(form.getByLabel('Preferred date')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/intent-test-drive-resumed-phone.png' });
});

test('turning the sign-in down leaves nothing to resume: a later sign-in goes to browse', async ({
  page,
  request,
}) => {
  const buyer = await signUpCustomer(request, 'Nandi Intent', 6);
  const car = await dealerCar(request);
  await page.goto(`/cars/${car.id}`);
  await appStarted(page);
  await page
    .getByRole('group', { name: 'Contact the seller' })
    .getByRole('button', { name: 'Message' })
    .tap();
  await page.getByRole('button', { name: 'Not now' }).tap();
  await page.getByRole('navigation').getByText('Account', { exact: true }).tap();
  await signInHere(page, buyer);
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('dialog', { name: 'Contact Dealer' })).toHaveCount(0);
});
