import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectListedWithVideo, listThroughWizard, wizardCar, type WizardCar } from './dealer-flow.ts';
import {
  appStarted,
  DEMO_LOCAL,
  expectPlaying,
  feedCurrent,
  feedCurrentTitle,
  openSellSignedIn,
  signIn,
  signUpCustomer,
  SIZES,
  type SignedUp,
} from './support.ts';

/*
 * The seller's stories end to end, every step in the storefront: a customer applies as a dealer, the demo admin
 * approves (or rejects with a note) in the admin page in a browser of their own, and the new dealer lists a car
 * with a real video through the wizard (the steps shared in dealer-flow.ts) until the feed shows it; a private
 * seller registers and lists in one go.
 */

/** A dealership name of this run. */
const dealershipName = (prefix: string) => `${prefix} Motors ${Date.now() % 100_000}`;

/** The customer applies as a dealer in the Sell view and sees the application under review. */
async function applyAsDealer(page: Page, account: SignedUp, dealership: string) {
  await openSellSignedIn(page, account);
  await page.getByLabel('Dealership Name').fill(dealership);
  await page.getByLabel('Location').fill('Mbabane, Eswatini');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted' })).toBeVisible();
}

type Review = { kind: 'approve' } | { kind: 'reject'; notes: string };

/**
 * The demo admin, in a browser of their own, signs in, opens Dealer Applications from the user menu and decides
 * the named dealership's application there. Answers once the page has confirmed the decision.
 */
async function reviewAsAdmin(browser: Browser, dealership: string, review: Review, shot: string) {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  try {
    const page = await context.newPage();
    await signIn(page, DEMO_LOCAL.admin);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Dealer Applications' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const card = page.getByRole('article', { name: dealership });
    await expect(card).toBeVisible();
    if (review.kind === 'approve') {
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: `Approve ${dealership}?` });
      await dialog.getByRole('button', { name: 'Approve Dealer' }).click();
      await expect(page.getByText('Dealer approved', { exact: true })).toBeVisible();
    } else {
      await card.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: `Reject ${dealership}?` });
      await dialog.getByLabel('Review notes (shown to the applicant)').fill(review.notes);
      await dialog.getByRole('button', { name: 'Reject Application' }).click();
      await expect(page.getByText('Application rejected', { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('article', { name: dealership })).toHaveCount(0);
    await page.screenshot({ path: `test-results/seller-journey-${shot}.png` });
  } finally {
    await context.close();
  }
}

/**
 * The feed shows the newest cars first, so a car just listed is at or near the top (another spec may list one
 * in between). Moves down the feed until the slide names `seller`.
 */
async function findInFeed(page: Page, seller: string) {
  await page.goto('/');
  await expect(feedCurrent(page).getByRole('heading', { level: 2 })).toBeVisible({ timeout: 20_000 });
  // The server's screen shows the first car before the app has started; whether the slide names the seller is
  // read from the app's.
  await appStarted(page);
  for (let moves = 0; moves < 10; moves += 1) {
    if (await feedCurrent(page).getByText(seller).isVisible()) break;
    const before = await feedCurrent(page).getByRole('heading', { level: 2 }).textContent();
    await page.keyboard.press('ArrowDown');
    await expect(feedCurrent(page).getByRole('heading', { level: 2 })).not.toHaveText(before!);
  }
  await expect(feedCurrent(page).getByText(seller)).toBeVisible();
}

/** The title the storefront gives a car the wizard listed. */
const titleOf = (car: WizardCar) => `${car.year} ${car.expected.make} ${car.model}`;

test('a customer applies as a dealer, the demo admin approves in the admin page, and the new dealer lists a car with a video that appears in the feed', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dealership = dealershipName('Journey');
  const car = wizardCar(`Hilux Journey ${Date.now().toString(36)}`);
  const account = await signUpCustomer(request, 'Bongani Shongwe', 9);
  await applyAsDealer(page, account, dealership);

  await reviewAsAdmin(browser, dealership, { kind: 'approve' }, 'admin-approved');

  // Opening Sell again re-reads the user: the approved dealer gets the listing form and the Dashboard tab.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  await listThroughWizard(page, car);

  // Once the video is ready the car is public: the feed shows it, named as the new dealer's.
  await expectListedWithVideo(request, account.accessToken, car);
  await findInFeed(page, dealership);
  await expect(feedCurrentTitle(page)).toHaveText(titleOf(car));
  await expectPlaying(page);
  await page.screenshot({ path: 'test-results/seller-journey-feed.png' });
});

test('the demo admin rejects an application with a note, and the applicant sees it with the way to support', async ({
  browser,
  page,
  request,
}) => {
  const dealership = dealershipName('Rejected');
  const notes = 'The business licence could not be verified.';
  const account = await signUpCustomer(request, 'Musa Applicant', 4);
  await applyAsDealer(page, account, dealership);

  await reviewAsAdmin(browser, dealership, { kind: 'reject', notes }, 'admin-rejected');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Application Rejected' })).toBeVisible();
  await expect(page.getByText('Your application was rejected. Please contact support.')).toBeVisible();
  await expect(page.getByText(`Reviewer's note: ${notes}`)).toBeVisible();
  // No way to apply again.
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/seller-journey-rejected.png' });
  await page.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('a private seller lists a car, and its detail page, card and feed slide say Private Seller', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = `Nomsa Private ${Date.now() % 100_000}`;
  const car = wizardCar(`Corolla Private ${Date.now().toString(36)}`);
  const account = await signUpCustomer(request, seller, 5);
  await page.setViewportSize(SIZES.phone);
  await openSellSignedIn(page, account);
  await page.getByRole('tab', { name: 'Sell Privately' }).click();
  await page.getByLabel('Location').fill('Manzini, Eswatini');
  await page.getByRole('button', { name: 'Register as Private Seller' }).click();
  await page.getByRole('button', { name: 'List Your Car' }).click();
  await expect(page.getByRole('heading', { name: 'List Your Car' })).toBeVisible();

  await listThroughWizard(page, car);
  const id = await expectListedWithVideo(request, account.accessToken, car);

  // The detail page: the seller's own name with the Private Seller mark, not a dealership.
  await page.getByRole('button', { name: 'View Listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${id}$`));
  await expect(page.getByRole('heading', { name: 'Seller', exact: true })).toBeVisible();
  // The page, not the header's account button, which names the signed-in seller too.
  const main = page.getByRole('main');
  await expect(main.getByText(seller, { exact: true })).toBeVisible();
  await expect(main.getByText('Private Seller', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-journey-private-detail.png', fullPage: true });

  // The browse card, marked the same way, found by its model as a buyer would filter for it: Newest First ranks a
  // quick-replying dealer's cars higher, so cars that other specs listed may come before it.
  await page.goto(`/browse?model=${encodeURIComponent(car.model)}`);
  const card = page
    .getByRole('list', { name: 'Cars' })
    .getByRole('article', { name: titleOf(car) })
    .filter({ hasText: seller });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Private Seller', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Message seller' })).toBeVisible();

  await findInFeed(page, seller);
  await expect(feedCurrent(page).getByText('Private Seller', { exact: true })).toBeVisible();
  // The slide's details: Contact Seller, never Contact Dealer.
  await page.getByRole('button', { name: 'Show details' }).click();
  const details = page.getByRole('dialog', { name: titleOf(car) });
  await expect(details.getByRole('button', { name: 'Contact Seller' })).toBeVisible();
  await expect(details.getByText('Contact Dealer')).toHaveCount(0);
});
