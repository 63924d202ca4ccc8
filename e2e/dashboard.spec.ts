import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  apiGet,
  apiPost,
  bulkMarkSoldAndUndo,
  carTitle,
  dealerToken,
  DEMO_CUSTOMER_PHONE as CUSTOMER_PHONE,
  editDealerSettings,
  signInAsDemoDealer,
  tokenOf,
  type CarRow,
} from './dealer-flow.ts';

async function signInAsDealer(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsDemoDealer(page);
}

test('the demo dealer sees the overview with the API’s figures', async ({ page, request }) => {
  const token = await dealerToken(request);
  // A buyer views, comments on and asks about the dealer's newest car, so the week has activity to chart.
  const [newest] = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=1')).cars;
  const buyer = await tokenOf(request, CUSTOMER_PHONE);
  await apiPost(request, buyer, `/cars/${newest!.id}/views`, {});
  await apiPost(request, buyer, `/cars/${newest!.id}/comments`, {
    comment: 'Does it come with a service plan?',
  });
  const dealer = await apiGet<{ user: { id: string } }>(request, token, '/auth/me');
  await apiPost(request, buyer, '/messages/send', {
    receiverId: dealer.user.id,
    carId: newest!.id,
    message: 'Is this car still available?',
    messageType: 'text',
  });
  const overview = await apiGet<{
    listings: { total: number };
    totals: { views: number; comments: number; messages: number };
  }>(request, token, '/dealers/me/overview?days=7');
  expect(overview.totals.comments).toBeGreaterThan(0);
  await signInAsDealer(page);
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const listings = page.getByLabel('Listings by status');
  await expect(
    listings.getByText(overview.listings.total.toLocaleString('en-US'), { exact: true }),
  ).toBeVisible();
  const activity = page.getByLabel('Activity in the last 7 days');
  for (const [label, value] of [
    ['Views', overview.totals.views],
    ['Comments', overview.totals.comments],
    ['Messages', overview.totals.messages],
  ] as const) {
    const stat = activity.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(stat.locator('dd')).toHaveText(value.toLocaleString('en-US'));
  }
  await expect(page.getByRole('img', { name: /^Daily activity from/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Per car (busiest first)' })).toBeVisible();
  await expect(page.getByText(carTitle(newest!)).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-overview-7.png', fullPage: true });
  await expect(page.getByRole('heading', { name: 'Recent cars' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent cars' }).getByRole('listitem')).toHaveCount(5);
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByLabel('Activity in the last 30 days')).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-overview.png', fullPage: true });
});

test('the dealer bulk-marks 3 cars sold, then Undo restores each previous status', async ({
  page,
  request,
}) => {
  const token = await dealerToken(request);
  await signInAsDealer(page);
  await bulkMarkSoldAndUndo(page, request, token, 'dashboard');
});

test('the dealer edits the settings: a bad value is refused, a good one is saved', async ({
  page,
  request,
}) => {
  const token = await dealerToken(request);
  await signInAsDealer(page);
  await editDealerSettings(page, request, token, 'dashboard');
});

test('the dealer changes one car’s status from its row, edits a car with validation, and deletes one', async ({
  page,
  request,
}) => {
  const token = await dealerToken(request);
  const [first, second] = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=2')).cars;
  await signInAsDealer(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByRole('table')).toBeVisible();

  // Row status select: PUT /cars/{id} {status}.
  const next = first!.status === 'reserved' ? 'active' : 'reserved';
  await page.getByRole('combobox', { name: `Status of ${carTitle(first!)}` }).selectOption(next);
  await expect(page.getByText(`${carTitle(first!)} marked ${next}`, { exact: true })).toBeVisible();
  expect((await apiGet<CarRow>(request, token, `/cars/${first!.id}`)).status).toBe(next);
  await page.getByRole('combobox', { name: `Status of ${carTitle(first!)}` }).selectOption(first!.status);
  await expect(page.getByText(`${carTitle(first!)} marked ${first!.status}`, { exact: true })).toBeVisible();

  // Edit: bad values are refused in the dialog, good ones saved.
  await page.getByRole('button', { name: `Edit ${carTitle(first!)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${carTitle(first!)}` });
  await dialog.getByLabel('Mileage (km)').fill('');
  await dialog.getByLabel('Description').fill('Too short');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Mileage is required')).toBeVisible();
  await expect(dialog.getByText('Description Too Short')).toBeVisible();
  const mileage = 10_000 + (Date.now() % 50_000);
  await dialog.getByLabel('Mileage (km)').fill(String(mileage));
  await dialog.getByLabel('Price').fill('399000');
  await dialog.getByLabel('Description').fill('Freshly serviced, new tyres and a clean history.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Car updated', { exact: true })).toBeVisible();
  expect(
    await apiGet<{ mileage: number; price: number }>(request, token, `/cars/${first!.id}`),
  ).toMatchObject({
    mileage,
    price: 399000,
  });

  // Delete: Cancel keeps the car; the confirmation removes it.
  await page.getByRole('button', { name: `Delete ${carTitle(second!)}` }).click();
  let confirm = page.getByRole('dialog', { name: `Delete ${carTitle(second!)}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await request.get(`/api/cars/${second!.id}`)).ok()).toBe(true);
  await page.getByRole('button', { name: `Delete ${carTitle(second!)}` }).click();
  confirm = page.getByRole('dialog', { name: `Delete ${carTitle(second!)}?` });
  await confirm.getByRole('button', { name: 'Delete car' }).click();
  await expect(page.getByText('Car deleted', { exact: true })).toBeVisible();
  expect((await request.get(`/api/cars/${second!.id}`)).status()).toBe(404);
});

test('a negative mileage refused by the server shows under Mileage, not as a connection failure', async ({
  page,
  request,
}) => {
  const token = await dealerToken(request);
  const [car] = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=1')).cars;
  await signInAsDealer(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: `Edit ${carTitle(car!)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${carTitle(car!)}` });

  // The dialog's check passes; the server gets -5 km, as from a client whose checks differ, and answers 400.
  await page.route(`**/api/cars/${car!.id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, mileage: -5 }) });
  });
  await dialog.getByLabel('Mileage (km)').fill('12000');
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/cars/${car!.id}`));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await answer).status()).toBe(400);
  await expect(dialog.getByLabel('Mileage (km)')).toHaveAccessibleDescription(/mileage/i);
  await expect(dialog.getByText('Please fix the errors below.')).toBeVisible();
  await expect(dialog.getByText(/connection/i)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/dashboard-server-mileage-error.png' });
  expect((await apiGet<CarRow>(request, token, `/cars/${car!.id}`)).mileage).toBe(car!.mileage);
});
