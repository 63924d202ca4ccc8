import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PASSWORD, signIn, signUpCustomer } from './support.ts';

// A phone with touch, as most people will delete an account from one.
test.use({ hasTouch: true, viewport: { width: 320, height: 640 } });

async function conversationsOf(request: APIRequestContext, accessToken: string) {
  const res = await request.get('/api/messages/conversations', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { conversations: { participantId: string }[] } }).data.conversations;
}

/** The part is inside the screen's width: nothing of it is cut off or needs a sideways scroll. */
async function fitsWidth(page: Page, part: Locator) {
  const box = await part.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function openDeleteDialog(page: Page) {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Settings' }).tap();
  const section = page.getByRole('region', { name: 'Delete account' });
  // Its own width: the account page's card around it is laid out by the page, not by this section.
  expect((await section.boundingBox())!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await section.getByRole('button', { name: 'Delete My Account' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a customer deletes their account from Settings on a phone and is signed out everywhere', async ({
  page,
  request,
}) => {
  const leaving = await signUpCustomer(request, 'Leaving Customer', 3);
  const friend = await signUpCustomer(request, 'Staying Customer', 4);
  const sent = await request.post('/api/messages/send', {
    headers: { authorization: `Bearer ${friend.accessToken}` },
    data: { receiverId: leaving.user.id, message: 'Is the bakkie still for sale?', messageType: 'text' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  expect((await conversationsOf(request, friend.accessToken)).map((c) => c.participantId)).toContain(
    leaving.user.id,
  );

  await signIn(page, leaving.local, PASSWORD);

  // At 1440 px the dialog sits in the middle of a wide page; cancelling it sends nothing.
  await page.setViewportSize({ width: 1440, height: 900 });
  let dialog = await openDeleteDialog(page);
  await fitsWidth(page, dialog);
  await page.screenshot({ path: 'test-results/screenshots/delete-account-1440.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toHaveCount(0);

  // On a 320 px phone: the password is required, a wrong one is refused, the right one deletes.
  await page.setViewportSize({ width: 320, height: 640 });
  dialog = await openDeleteDialog(page);
  await fitsWidth(page, dialog);
  for (const button of ['Delete Account', 'Cancel'])
    await fitsWidth(page, dialog.getByRole('button', { name: button }));
  await dialog.getByRole('button', { name: 'Delete Account' }).tap();
  await expect(dialog.getByText('Enter your password', { exact: true })).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).tap();
  await expect(dialog.getByRole('alert')).toHaveText(['The password is not correct']);
  await page.screenshot({ path: 'test-results/screenshots/delete-account-error-320.png' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete Account' }).tap();

  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/browse/);
  expect(await page.evaluate(() => localStorage.getItem('autoreel.tokens'))).toBeNull();
  await page.screenshot({ path: 'test-results/screenshots/delete-account-done-320.png' });

  // On the server: the session is over, and the friend's conversation with the account is gone.
  const refresh = await request.post('/api/auth/refresh-token', {
    data: { refreshToken: leaving.refreshToken },
  });
  expect(refresh.status()).toBe(401);
  expect((await conversationsOf(request, friend.accessToken)).map((c) => c.participantId)).not.toContain(
    leaving.user.id,
  );
});
