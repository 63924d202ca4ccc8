import { expect, test } from './fixtures.ts';
import { dealerToken } from './dealer-flow.ts';
import { appStarted, openSellSignedIn, signUpCustomer } from './support.ts';

/*
 * Notifications on a phone (issue 27): a buyer saves 'electric SUV under 900k' with instant alerts on Browse; the
 * demo dealer lists a matching car; the buyer's Account tab shows it within 5 s and the notification opens the car.
 * The buyer likes the car, the dealer lowers its price, and the buyer is told of the drop.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a saved search tells of a new matching car, and a liked car of its price drop', async ({
  page,
  request,
}) => {
  const buyer = await signUpCustomer(request, 'Alert Buyer', 4);
  await openSellSignedIn(page, buyer, '/browse');
  await expect(page.getByRole('list', { name: 'Cars' }).getByRole('article').first()).toBeVisible();
  // A filter changed on the server's screen before the app has started would not reach the app.
  await appStarted(page);

  await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  await page.getByLabel('Body type').selectOption('SUV');
  await page.getByLabel('Fuel type').selectOption('Electric');
  await page.getByLabel('Max price').fill('900000');
  await page.getByRole('button', { name: 'Save search' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Name').fill('electric SUV under 900k');
  await dialog.getByLabel('Alerts for new cars').selectOption('instant');
  await dialog.getByRole('button', { name: 'Save', exact: true }).tap();
  await expect(page.getByRole('button', { name: 'Search saved' })).toBeVisible();

  // The demo dealer lists a matching car.
  const headers = { authorization: `Bearer ${await dealerToken(request)}` };
  const model = `Atto 3 ${Date.now().toString(36)}`;
  const created = await request.post('/api/cars', {
    headers,
    data: {
      make: 'BYD',
      model,
      year: 2024,
      price: 850000,
      mileage: 500,
      fuelType: 'Electric',
      transmission: 'Automatic',
      bodyType: 'SUV',
      exteriorColor: 'White',
      interiorColor: 'Black',
      description: 'Quiet, quick and cheap to run.',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const carId = ((await created.json()) as { data: { id: string } }).data.id;

  const account = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Account/ });
  await expect(account.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });
  await account.tap();
  await page.getByRole('tab', { name: 'Alerts' }).tap();
  await page.getByRole('button', { name: new RegExp(`New match: 2024 BYD ${model}`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/cars/${carId}$`));
  await expect(page.getByRole('heading', { name: new RegExp(model) }).first()).toBeVisible();
  await expect(account.getByTestId('notification-count')).toHaveCount(0);

  // A liked car gets cheaper: the buyer is told of the drop.
  const liked = await request.post(`/api/cars/${carId}/like`, {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
  });
  expect(liked.ok(), await liked.text()).toBe(true);
  const lowered = await request.put(`/api/cars/${carId}`, { headers, data: { price: 790000 } });
  expect(lowered.ok(), await lowered.text()).toBe(true);
  await expect(account.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });
  await account.tap();
  await page.getByRole('tab', { name: 'Alerts' }).tap();
  await expect(page.getByRole('button', { name: new RegExp(`Price drop: 2024 BYD ${model}`) })).toBeVisible();
});
