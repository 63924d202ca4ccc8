import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { latestCode, newcomerAddress } from './support.ts';

/** Desktop: the header's Sign In; phone: the bottom bar's Account tab, which asks a logged-out user to sign in. */
async function openSignIn(page: Page) {
  await page.goto('/browse');
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) await page.getByRole('navigation').getByText('Account', { exact: true }).click();
  else await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

test('a newcomer signs up with the code from the outbox and is signed in', async ({ page, request }) => {
  // A fresh Eswatini mobile number per run, so the test can repeat on the same database.
  const local = `76${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const phone = `+268${local}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': newcomerAddress() });
  await openSignIn(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full Name').fill('Thandi Dlamini');
  await page.getByLabel('Phone (WhatsApp Required)').fill(local);
  await page.getByLabel('Password', { exact: true }).fill('a-long-secret-1');
  await page.getByLabel('Confirm Password').fill('a-long-secret-1');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
  await expect(page.getByText('Verification code sent to your phone')).toBeVisible();
  await page.getByLabel('Verification Code').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: 'Verify OTP' }).click();

  // The toast's title; its live region also announces it ('Notification Account created successfully!').
  await expect(
    page.getByText('Account created successfully!', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  // Signed in: the header's Sign In gives way to the account menu.
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: 'test-results/auth-signed-up-desktop.png' });
});

test('the demo dealer signs in and lands on the dealer view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignIn(page);
  await page.getByLabel('Phone').fill('76000002');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dealer$/, { timeout: 10_000 });
  await expect(page.getByRole('navigation').getByText('Dashboard', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/auth-dealer-phone.png' });
});

test('a wrong password is refused with the server message and nothing changes', async ({ page }) => {
  await openSignIn(page);
  await page.getByLabel('Phone').fill('76000003');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number or password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});
