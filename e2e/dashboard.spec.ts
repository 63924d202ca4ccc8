import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const DEALER = { local: '76000002', phone: '+26876000002', password: 'demo-pass-2026' };

interface CarRow {
  id: string;
  year: number;
  make: string;
  model: string;
  status: string;
}

const CUSTOMER_PHONE = '+26876000003';

/** A demo account's bearer token, for acting and checking behind the screen. */
async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { phone, password: DEALER.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

const dealerToken = (request: APIRequestContext) => tokenOf(request, DEALER.phone);

async function apiPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok()).toBe(true);
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function signInAsDealer(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByLabel('Phone').fill(DEALER.local);
  await page.getByLabel('Password', { exact: true }).fill(DEALER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dealer$/, { timeout: 15_000 });
}

const title = (car: CarRow) => `${car.year} ${car.make} ${car.model}`;

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
  await expect(page.getByText(title(newest!)).first()).toBeVisible();
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
  const cars = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=3')).cars;
  expect(cars).toHaveLength(3);
  const before = new Map(cars.map((car) => [car.id, car.status]));

  await signInAsDealer(page);
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  for (const car of cars) await page.getByRole('checkbox', { name: `Select ${title(car)}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('3 cars selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Mark Sold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 3 cars as sold?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-bulk-confirm.png' });
  await dialog.getByRole('button', { name: 'Mark Sold' }).click();

  const toast = page.getByRole('status').filter({ hasText: '3 cars marked sold' });
  await expect(toast).toBeVisible();
  for (const car of cars) {
    await expect(page.getByRole('combobox', { name: `Status of ${title(car)}` })).toHaveValue('sold');
  }
  const sold = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=3')).cars;
  expect(sold.map((car) => car.status)).toEqual(['sold', 'sold', 'sold']);
  await page.screenshot({ path: 'test-results/dashboard-bulk-sold.png' });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 3 cars to their previous status', { exact: true })).toBeVisible();
  for (const car of cars) {
    await expect(page.getByRole('combobox', { name: `Status of ${title(car)}` })).toHaveValue(
      before.get(car.id)!,
    );
    expect((await apiGet<CarRow>(request, token, `/cars/${car.id}`)).status).toBe(before.get(car.id));
  }
});

test('the dealer edits the settings: a bad value is refused, a good one is saved', async ({
  page,
  request,
}) => {
  const token = await dealerToken(request);
  const location = `Plot ${Date.now() % 100_000}, Mbabane, Eswatini`;
  await signInAsDealer(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Dealer Settings' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Sunday' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Settings' }).click();

  const form = page.getByRole('form', { name: 'Edit dealer settings' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Location').fill('');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByText('Location is required')).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-settings-invalid.png' });

  await form.getByLabel('Email').fill('sales@mbabanemotorcity.example');
  await form.getByLabel('Location').fill(location);
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!', { exact: true })).toBeVisible();
  await expect(page.getByText(location)).toBeVisible();
  const profile = await apiGet<{ location: string; email: string }>(request, token, '/dealers/profile/me');
  expect(profile).toMatchObject({ location, email: 'sales@mbabanemotorcity.example' });
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
  await page.getByRole('combobox', { name: `Status of ${title(first!)}` }).selectOption(next);
  await expect(page.getByText(`${title(first!)} marked ${next}`, { exact: true })).toBeVisible();
  expect((await apiGet<CarRow>(request, token, `/cars/${first!.id}`)).status).toBe(next);
  await page.getByRole('combobox', { name: `Status of ${title(first!)}` }).selectOption(first!.status);
  await expect(page.getByText(`${title(first!)} marked ${first!.status}`, { exact: true })).toBeVisible();

  // Edit: bad values are refused in the dialog, good ones saved.
  await page.getByRole('button', { name: `Edit ${title(first!)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${title(first!)}` });
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
  await page.getByRole('button', { name: `Delete ${title(second!)}` }).click();
  let confirm = page.getByRole('dialog', { name: `Delete ${title(second!)}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await request.get(`/api/cars/${second!.id}`)).ok()).toBe(true);
  await page.getByRole('button', { name: `Delete ${title(second!)}` }).click();
  confirm = page.getByRole('dialog', { name: `Delete ${title(second!)}?` });
  await confirm.getByRole('button', { name: 'Delete car' }).click();
  await expect(page.getByText('Car deleted', { exact: true })).toBeVisible();
  expect((await request.get(`/api/cars/${second!.id}`)).status()).toBe(404);
});
