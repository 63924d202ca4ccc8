import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openSellSignedIn, PASSWORD, signUpCustomer } from './support.ts';

test('a customer signs in from Sell, applies as a dealer, sees it under review and cancels it', async ({
  page,
  request,
}) => {
  const account = await signUpCustomer(request, 'Sipho Nkosi', 6);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Logged out, the page asks to sign in and opens the login overlay.
  await page.goto('/sell');
  await expect(page.getByRole('heading', { name: 'Sign in to sell your car' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Phone').fill(account.local);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole('link', { name: 'Sell Your Car' }).first().click();
  await expect(page.getByRole('tab', { name: 'Become a Dealer' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sell Privately' })).toBeVisible();

  // Nothing filled in: the errors show and nothing is sent.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please fix the errors below.')).toBeVisible();
  await expect(page.getByText('Dealership name is required')).toBeVisible();
  await expect(page.getByText('Location is required')).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-dealer-form-errors.png' });

  await page.getByLabel('Dealership Name').fill('Nkosi Auto Traders');
  await page.getByLabel('Location').fill('Manzini, Eswatini');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
  await page.getByRole('button', { name: 'View Application Status' }).click();
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  await expect(page.getByText('Nkosi Auto Traders')).toBeVisible();

  // The status is the server's: a reload still shows it under review.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-under-review.png' });

  await page.getByRole('button', { name: 'Cancel application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your application?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('tab', { name: 'Become a Dealer' })).toBeVisible();
  await expect(page.getByText('Application cancelled', { exact: true })).toBeVisible();

  const status = await request.get('/api/dealer-applications/my-application', {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  expect(((await status.json()) as { data: unknown }).data).toBeNull();
});

/** A new customer on a 390 px phone, signed in, on Sell. */
async function openSellOnPhone(page: Page, request: APIRequestContext, name: string, salt: number) {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSellSignedIn(page, await signUpCustomer(request, name, salt));
}

test('a customer registers as a private seller in one step and gets the listing form', async ({
  page,
  request,
}) => {
  await openSellOnPhone(page, request, 'Lindiwe Dube', 8);

  await page.getByRole('tab', { name: 'Sell Privately' }).click();
  await expect(page.getByText('city and country')).toBeVisible();
  await page.getByRole('button', { name: 'Register as Private Seller' }).click();
  await expect(page.getByText('Location is required')).toBeVisible();

  await page.getByLabel('Location').fill('Mbabane, Eswatini');
  await page.getByRole('button', { name: 'Register as Private Seller' }).click();
  await expect(page.getByRole('heading', { name: "You're registered as a Private Seller" })).toBeVisible();
  await expect(page.getByText(/Your listings are marked Private Seller/)).toBeVisible();
  await page.getByRole('button', { name: 'List Your Car' }).click();

  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();
  await expect(page.getByText('Private Seller', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-private-listing-phone.png' });

  // Registered for good: after a reload the listing form shows straight away.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();
  await page.getByRole('button', { name: 'Manage My Cars' }).click();
  await expect(page.getByRole('heading', { name: 'My Cars' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No cars listed yet' })).toBeVisible();
});

test("the server's 400 is shown under the field it names, not as a connection failure", async ({
  page,
  request,
}) => {
  await openSellOnPhone(page, request, 'Zanele Dube', 5);
  await expect(page.getByRole('tab', { name: 'Become a Dealer' })).toBeVisible();

  // The form's own check passes; the request the server gets has a blank name and no location, as from a client
  // whose checks differ. The answer is the real server's 400 with its field errors.
  let tampered = 0;
  await page.route('**/api/dealer-applications', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    tampered += 1;
    await route.continue({ postData: JSON.stringify({ businessType: 'dealer', businessName: '  ' }) });
  });
  await page.getByLabel('Dealership Name').fill('Dube Motors');
  await page.getByLabel('Location').fill('Siteki, Eswatini');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dealer-applications'));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  expect((await answer).status()).toBe(400);
  expect(tampered).toBe(1);

  await expect(page.getByText('Please fix the errors below.')).toBeVisible();
  await expect(page.getByLabel('Dealership Name')).toHaveAccessibleDescription('Dealership name is required');
  await expect(page.getByLabel('Location')).toHaveAccessibleDescription(/Location is required$/);
  await expect(page.getByText(/connection/i)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/seller-server-field-errors.png' });

  // Sent as typed, the same form goes through.
  await page.unroute('**/api/dealer-applications');
  await page.getByLabel('Dealership Name').fill('Dube Motors');
  await page.getByLabel('Location').fill('Siteki, Eswatini');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
});
