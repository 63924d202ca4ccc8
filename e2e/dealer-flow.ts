import { carTitle } from '@autoreel/core';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { chooseVideo, makeVideo } from './support.ts';
import { press } from './touch.ts';

/**
 * Steps of the dealer's flow shared by the storefront's dealer view (wizard.spec.ts, dashboard.spec.ts) and the
 * desktop console's renderer (desktop-renderer.spec.ts). Pages are opened by path, so each spec decides where the
 * app is served through its baseURL.
 */

export const DEMO_DEALER = { local: '76000002', phone: '+26876000002', password: 'demo-pass-2026' };
export const DEMO_CUSTOMER_PHONE = '+26876000003';

export interface CarRow {
  id: string;
  year: number;
  make: string;
  model: string;
  status: string;
  mileage: number;
}

export { carTitle };

/** A 4 s, 720x1280 portrait H.264 + AAC clip written to `dir`: what a phone walk-around looks like. */
export const makeWalkaroundClip = (dir: string): string => makeVideo(dir);

/** A demo account's bearer token, for acting and checking behind the screen. */
export async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { phone, password: DEMO_DEALER.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

export const dealerToken = (request: APIRequestContext) => tokenOf(request, DEMO_DEALER.phone);

export async function apiPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok()).toBe(true);
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** A screenshot in test-results/ named `<prefix>-<name>.png`, when the spec asked for them. */
async function shoot(page: Page, prefix: string | undefined, name: string) {
  if (prefix) await page.screenshot({ path: `test-results/${prefix}-${name}.png` });
}

/** Signs the demo dealer in from Browse; the app then opens the dealer dashboard. */
export async function signInAsDemoDealer(page: Page) {
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByLabel('Phone').fill(DEMO_DEALER.local);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_DEALER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/dealer$/, { timeout: 15_000 });
}

/** The wizard, reached through the dealer view's 'add' tab, chosen with the SPEC's dealer-navigate event. */
export async function openAddCar(page: Page) {
  if (!page.url().endsWith('/dealer')) await page.goto('/dealer');
  // The app listens for the event once it has started: one sent before then (just after a reload) is sent again.
  await expect(async () => {
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('dealer-navigate', { detail: { tab: 'add' } })),
    );
    await expect(page.getByRole('tab', { name: 'Add Car' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
}

export const expectWizardStep = (page: Page, step: number, name: string) =>
  expect(page.getByRole('heading', { name: `Step ${step} of 5: ${name}` })).toBeVisible();

export const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The car the wizard steps below enter, and what the API must hold afterwards. */
export function wizardCar(model = `Hilux Legend ${Date.now().toString(36)}`) {
  const year = new Date().getFullYear() - 2;
  return {
    model,
    year,
    expected: {
      make: 'Toyota',
      model,
      year,
      price: 385000,
      mileage: 62000,
      fuelType: 'Diesel',
      transmission: 'Manual',
      exteriorColor: 'Silver',
      interiorColor: 'Black',
      status: 'active',
    },
    features: ['Heated Seats', 'Canopy'],
  };
}

export type WizardCar = ReturnType<typeof wizardCar>;

/** Step 1 without a video: Next is refused inline, beside the button, with no dialog to close. */
export async function expectVideoRequired(page: Page) {
  await expectWizardStep(page, 1, 'Media');
  await press(page.getByRole('button', { name: 'Next' }));
  const refusal = page.getByRole('alert').filter({ hasText: 'Video Required' });
  await expect(refusal).toHaveText('Video Required Please add a video to showcase your car');
  await expect(refusal).toBeInViewport();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Step 2: a catalogue make with the seller's own model; leaves the wizard on step 3. */
export async function fillBasicInfo(page: Page, car: WizardCar) {
  await expectWizardStep(page, 2, 'Basic Info');
  await press(group(page, 'Popular brands').getByRole('button', { name: 'Toyota' }));
  await page.getByLabel('Other model').fill(car.model);
  await press(page.getByRole('button', { name: 'Add Model' }));
  await expect(group(page, 'Toyota models').getByRole('button', { name: car.model })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await press(group(page, 'Quick years').getByRole('button', { name: String(car.year) }));
  await press(group(page, 'Exterior colour').getByRole('button', { name: 'Silver' }));
  await press(group(page, 'Interior colour').getByRole('button', { name: 'Black' }));
  await press(page.getByRole('button', { name: 'Next' }));
  await expectWizardStep(page, 3, 'Pricing');
}

/** Step 3: the price. */
export async function fillPricing(page: Page, car: WizardCar) {
  await expectWizardStep(page, 3, 'Pricing');
  await expect(page.getByTestId('price-preview')).toHaveText('Contact for price');
  await page.getByLabel('Price').fill(String(car.expected.price));
  await press(page.getByRole('button', { name: 'Next' }));
}

/** Step 4: specs and a description written by the local AI engine. */
export async function fillDetails(page: Page, car: WizardCar) {
  await expectWizardStep(page, 4, 'Details');
  await page.getByLabel('Mileage (km)').fill(String(car.expected.mileage));
  await press(group(page, 'Fuel type').getByRole('button', { name: car.expected.fuelType }));
  await press(group(page, 'Transmission').getByRole('button', { name: car.expected.transmission }));
  await press(page.getByRole('button', { name: 'Generate with AI' }));
  await expect(page.getByLabel('Description')).toHaveValue(/Toyota/, { timeout: 15_000 });
}

/** Step 5: a catalogue feature and one of the seller's own (typed with stray spaces, which are trimmed). */
export async function fillFeatures(page: Page) {
  await expectWizardStep(page, 5, 'Features');
  const heated = group(page, 'Comfort').getByRole('button', { name: 'Heated Seats' });
  if ((await heated.getAttribute('aria-pressed')) !== 'true') await press(heated);
  await page.getByLabel('Add a feature').fill('  Canopy  ');
  await press(page.getByRole('button', { name: 'Add Feature' }));
}

export async function submitListing(page: Page) {
  await press(page.getByRole('button', { name: 'Submit Listing' }));
  await expect(page.getByRole('heading', { name: 'Car Added Successfully!' })).toBeVisible({
    timeout: 60_000,
  });
}

/** From step 1 with its video chosen: the four other steps and the submit, up to 'Car Added Successfully!'. */
export async function completeWizardFromMedia(page: Page, car: WizardCar) {
  await press(page.getByRole('button', { name: 'Next' }));
  await fillBasicInfo(page, car);
  await fillPricing(page, car);
  await fillDetails(page, car);
  await press(page.getByRole('button', { name: 'Next' }));
  await fillFeatures(page);
  await submitListing(page);
}

/** The five steps from an open wizard, with a freshly made video chosen through the web file picker. */
export async function listThroughWizard(page: Page, car: WizardCar) {
  await expectWizardStep(page, 1, 'Media');
  await chooseVideo(page, makeVideo());
  await completeWizardFromMedia(page, car);
}

/**
 * The car as GET /cars/mine lists it: the entered fields at once, and the video once the server has prepared the
 * upload in the background. Answers the car's id.
 */
export async function expectListedWithVideo(
  request: APIRequestContext,
  token: string,
  car: WizardCar,
): Promise<string> {
  const mine = async () =>
    (await apiGet<{ cars: Record<string, unknown>[] }>(request, token, '/cars/mine')).cars.find(
      (c) => c['model'] === car.model,
    );
  const listed = await mine();
  expect(listed).toMatchObject(car.expected);
  expect(listed?.['features']).toEqual(expect.arrayContaining(car.features));
  await expect
    .poll(
      async () => {
        const latest = await mine();
        return {
          status: latest?.['videoStatus'],
          videos: (latest?.['videos'] as unknown[] | undefined)?.length,
        };
      },
      { timeout: 60_000 },
    )
    .toEqual({ status: 'ready', videos: 1 });
  return String(listed?.['id']);
}

/**
 * Inventory: the three newest cars marked sold in one go after a confirmation, then restored by the toast's
 * Undo, each to its own previous status, on screen and in the API.
 */
export async function bulkMarkSoldAndUndo(
  page: Page,
  request: APIRequestContext,
  token: string,
  screenshotPrefix?: string,
) {
  const cars = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=3')).cars;
  expect(cars).toHaveLength(3);
  const before = new Map(cars.map((car) => [car.id, car.status]));

  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  for (const car of cars) await page.getByRole('checkbox', { name: `Select ${carTitle(car)}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('3 cars selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Mark Sold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 3 cars as sold?' });
  await expect(dialog).toBeVisible();
  await shoot(page, screenshotPrefix, 'bulk-confirm');
  await dialog.getByRole('button', { name: 'Mark Sold' }).click();

  const toast = page.getByRole('status').filter({ hasText: '3 cars marked sold' });
  await expect(toast).toBeVisible();
  for (const car of cars) {
    await expect(page.getByRole('combobox', { name: `Status of ${carTitle(car)}` })).toHaveValue('sold');
  }
  const sold = (await apiGet<{ cars: CarRow[] }>(request, token, '/cars/mine?limit=3')).cars;
  expect(sold.map((car) => car.status)).toEqual(['sold', 'sold', 'sold']);
  await shoot(page, screenshotPrefix, 'bulk-sold');

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 3 cars to their previous status', { exact: true })).toBeVisible();
  for (const car of cars) {
    await expect(page.getByRole('combobox', { name: `Status of ${carTitle(car)}` })).toHaveValue(
      before.get(car.id)!,
    );
    expect((await apiGet<CarRow>(request, token, `/cars/${car.id}`)).status).toBe(before.get(car.id));
  }
  return cars;
}

/** Settings: a bad email and an empty location are refused in the form; good values are saved to the API. */
export async function editDealerSettings(
  page: Page,
  request: APIRequestContext,
  token: string,
  screenshotPrefix?: string,
) {
  const location = `Plot ${Date.now() % 100_000}, Mbabane, Eswatini`;
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
  await shoot(page, screenshotPrefix, 'settings-invalid');

  await form.getByLabel('Email').fill('sales@mbabanemotorcity.example');
  await form.getByLabel('Location').fill(location);
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!', { exact: true })).toBeVisible();
  await expect(page.getByText(location)).toBeVisible();
  const profile = await apiGet<{ location: string; email: string }>(request, token, '/dealers/profile/me');
  expect(profile).toMatchObject({ location, email: 'sales@mbabanemotorcity.example' });
}
