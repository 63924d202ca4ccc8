import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  chooseVideo,
  feedCurrent,
  makeVideo,
  openSellSignedIn,
  signUpCustomer,
  type SignedUp,
} from './support.ts';

const ADMIN = { phone: '+26876000001', password: 'demo-pass-2026' };

/** The demo admin approves the newest pending application of the named dealership. */
async function approveAsAdmin(request: APIRequestContext, dealership: string) {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const pending = await request.get('/api/dealers/admin/pending', { headers });
  const { applications } = (
    (await pending.json()) as { data: { applications: { id: string; businessName: string }[] } }
  ).data;
  const application = applications.find((a) => a.businessName === dealership);
  expect(application, `pending application of ${dealership}`).toBeDefined();
  const approved = await request.put(`/api/dealers/${application!.id}/approve`, { headers });
  expect(approved.ok(), await approved.text()).toBe(true);
}

interface Listing {
  make: string;
  model: string;
  year: string;
  exterior: string;
  interior: string;
  price: string;
  mileage: string;
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The five steps of the Add Car wizard with a real video, up to 'Car Added Successfully!'. */
async function listThroughWizard(page: Page, car: Listing) {
  // Step 1, Media.
  await chooseVideo(page, makeVideo());
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2, Basic Info.
  await group(page, 'Popular brands').getByRole('button', { name: car.make }).click();
  await group(page, `${car.make} models`).getByRole('button', { name: car.model, exact: true }).click();
  await page.getByLabel('Year', { exact: true }).fill(car.year);
  await group(page, 'Exterior colour').getByRole('button', { name: car.exterior }).click();
  await group(page, 'Interior colour').getByRole('button', { name: car.interior }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 3, Pricing.
  await page.getByLabel('Price').fill(car.price);
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 4, Details.
  await page.getByLabel('Mileage').fill(car.mileage);
  await page
    .getByLabel('Description')
    .fill('One owner, full service history, new tyres. Ready for the road.');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 5, Features, then submit: create, upload, update with the video key.
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(page.getByRole('heading', { name: 'Car Added Successfully!' })).toBeVisible({
    timeout: 60_000,
  });
}

/** The seller's listing of that make and model, once the server has prepared its video. */
async function waitForPublishedCar(request: APIRequestContext, account: SignedUp, car: Listing) {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/cars/mine', {
          headers: { authorization: `Bearer ${account.accessToken}` },
        });
        const mine = ((await res.json()) as { data: { cars: CarRow[] } }).data.cars;
        id = mine.find((c) => c.model === car.model && c.videoStatus === 'ready' && c.videos.length > 0)?.id;
        return id !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return id!;
}

interface CarRow {
  id: string;
  model: string;
  videoStatus?: string;
  videos: string[];
}

/**
 * The feed shows the newest cars first, so a car just listed is at or near the top (another spec may list one
 * in between). Moves down the feed until the slide names `seller`.
 */
async function findInFeed(page: Page, seller: string) {
  await page.goto('/');
  await expect(feedCurrent(page).getByRole('heading', { level: 2 })).toBeVisible({ timeout: 20_000 });
  for (let moves = 0; moves < 10; moves += 1) {
    if (await feedCurrent(page).getByText(seller).isVisible()) break;
    const before = await feedCurrent(page).getByRole('heading', { level: 2 }).textContent();
    await page.keyboard.press('ArrowDown');
    await expect(feedCurrent(page).getByRole('heading', { level: 2 })).not.toHaveText(before!);
  }
  await expect(feedCurrent(page).getByText(seller)).toBeVisible();
}

const HILUX: Listing = {
  make: 'Toyota',
  model: 'Hilux',
  year: '2022',
  exterior: 'White',
  interior: 'Grey',
  price: '385000',
  mileage: '41000',
};

test('admin approves a new dealer, who lists a car with a video that appears in the feed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dealership = `Journey Motors ${Date.now() % 100_000}`;
  const account = await signUpCustomer(request, 'Bongani Shongwe', 9);
  await openSellSignedIn(page, account);
  await page.getByLabel('Dealership Name').fill(dealership);
  await page.getByLabel('Location').fill('Mbabane, Eswatini');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();

  await approveAsAdmin(request, dealership);

  // Opening Sell again re-reads the user: the approved dealer gets the listing form and the Dashboard tab.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  await listThroughWizard(page, HILUX);

  // Once the video is ready the car is public: the feed shows it, named as the new dealer's.
  await waitForPublishedCar(request, account, HILUX);
  await findInFeed(page, dealership);
  await expect(feedCurrent(page).getByRole('heading', { level: 2 })).toHaveText('2022 Toyota Hilux');
  await page.screenshot({ path: 'test-results/seller-journey-feed.png' });
});

test('a private seller lists a car, and its detail page, card and feed slide say Private Seller', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = `Nomsa Private ${Date.now() % 100_000}`;
  const fit: Listing = { ...HILUX, make: 'Honda', model: 'Fit', year: '2019', price: '145000' };
  const account = await signUpCustomer(request, seller, 5);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSellSignedIn(page, account);
  await page.getByRole('tab', { name: 'Sell Privately' }).click();
  await page.getByLabel('Location').fill('Manzini, Eswatini');
  await page.getByRole('button', { name: 'Register as Private Seller' }).click();
  await page.getByRole('button', { name: 'List Your Car' }).click();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();

  await listThroughWizard(page, fit);
  const id = await waitForPublishedCar(request, account, fit);

  // The detail page: the seller's own name with the Private Seller mark, not a dealership.
  await page.getByRole('button', { name: 'View Listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  await expect(page.getByRole('heading', { name: 'Seller', exact: true })).toBeVisible();
  await expect(page.getByText(seller, { exact: true })).toBeVisible();
  await expect(page.getByText('Private Seller', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-journey-private-detail.png', fullPage: true });

  // The browse card (newest first), marked the same way.
  await page.goto('/browse');
  const card = page
    .getByRole('list', { name: 'Cars' })
    .getByRole('article', { name: '2019 Honda Fit' })
    .filter({ hasText: seller });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Private Seller', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Chat with Seller' })).toBeVisible();

  await findInFeed(page, seller);
  await expect(feedCurrent(page).getByText('Private Seller', { exact: true })).toBeVisible();
});
