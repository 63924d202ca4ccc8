import { expect, test } from './fixtures.ts';
import {
  DEMO_LOCAL,
  newcomerAddress,
  openSellSignedIn,
  signIn,
  signUpCustomer,
  type SignedUp,
} from './support.ts';

/*
 * Trust and safety end to end (issue 28, Build 1 to 3). A fresh private seller lists a car and asks a fresh buyer for
 * a deposit in chat. On a 390 px phone the buyer reports the listing from its page and blocks the seller from the
 * chat header; at 1440 px the demo admin hides the listing from the admin page's Moderation tab with a reason; the
 * buyer reads the outcome in Account > Alerts; the seller can no longer message the buyer.
 *
 * The spec makes its own seller, buyer and car (a fresh number and a stamped model each run), so hiding the car
 * touches no other spec's data.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const bearer = (account: SignedUp) => ({ authorization: `Bearer ${account.accessToken}` });

test('a buyer reports a listing and blocks its seller; the admin hides it; the buyer is told; the seller is stopped', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);

  // A fresh private seller (approved at once) lists a car and writes to a fresh buyer about it.
  const seller = await signUpCustomer(request, 'Deposit Seller', 8);
  const buyer = await signUpCustomer(request, 'Careful Buyer', 9);
  const applied = await request.post('/api/dealer-applications', {
    headers: bearer(seller),
    data: { businessType: 'private', location: 'Manzini, Eswatini' },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const model = `Fortuner ${Date.now().toString(36)}`;
  const created = await request.post('/api/cars', {
    headers: bearer(seller),
    data: {
      make: 'Toyota',
      model,
      year: 2019,
      price: 95000,
      mileage: 88000,
      fuelType: 'Diesel',
      transmission: 'Automatic',
      bodyType: 'SUV',
      exteriorColor: 'White',
      interiorColor: 'Black',
      condition: 'Used',
      description: 'A bargain for a quick buyer.',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const carId = ((await created.json()) as { data: { id: string } }).data.id;
  const title = `2019 Toyota ${model}`;
  const asked = await request.post('/api/messages/send', {
    headers: { ...bearer(seller), 'x-forwarded-for': newcomerAddress() },
    data: {
      receiverId: buyer.user.id,
      carId,
      message: 'Many people want it. Send a deposit of E5,000 by MoMo today to reserve it.',
      messageType: 'text',
    },
  });
  expect(asked.ok(), await asked.text()).toBe(true);

  // On the phone, the buyer reports the listing from its page.
  await openSellSignedIn(page, buyer, `/cars/${carId}`);
  await expect(page.getByRole('heading', { name: new RegExp(model) }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Report', exact: true }).tap();
  const report = page.getByRole('dialog', { name: `Report this ${title}?` });
  await report.getByRole('radio', { name: 'Scam or deposit request' }).tap();
  await report.getByLabel('Details (optional)').fill('Asked for a MoMo deposit before any viewing.');
  await report.getByRole('button', { name: 'Send report' }).tap();
  await expect(
    page.getByText('Thanks, our team will review this. We will tell you what we decide.', { exact: true }),
  ).toBeVisible();
  await expect(report).toHaveCount(0);

  // ...and blocks the seller from the chat header, beside Report.
  await page.goto('/messages');
  await page.getByRole('button', { name: /^Conversation with Deposit Seller/ }).tap();
  await expect(page.getByText('Send a deposit of E5,000 by MoMo today to reserve it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report Deposit Seller' })).toBeVisible();
  await page.getByRole('button', { name: 'Block Deposit Seller' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Block Deposit Seller?' });
  await confirm.getByRole('button', { name: 'Block', exact: true }).tap();
  await expect(page.getByText('Deposit Seller is blocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock Deposit Seller' })).toBeVisible();
  // The conversation leaves the buyer's list.
  await page.goto('/messages');
  await expect(page.getByRole('button', { name: /^Conversation with Deposit Seller/ })).toHaveCount(0);

  // At 1440 px the demo admin hides the listing from the Moderation tab, with a reason.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await desk.newPage();
  await signIn(admin, DEMO_LOCAL.admin);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Moderation' }).click();
  await expect(admin.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const card = admin.getByRole('article', { name: `Reported listing: ${title}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Asked for a MoMo deposit before any viewing.')).toBeVisible();
  await expect(card.getByText('Scam or deposit request (1)')).toBeVisible();
  await card.getByRole('button', { name: 'Hide listing' }).click();
  const action = admin.getByRole('dialog', { name: 'Hide listing?' });
  await action.getByLabel('Reason (kept in the audit log)').fill('Deposit asked before a viewing');
  await action.getByRole('button', { name: 'Hide listing' }).click();
  await expect(admin.getByText('1 report closed.', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(
    admin
      .getByRole('list', { name: 'Audit log' })
      .getByText(/Deposit asked before a viewing/)
      .first(),
  ).toBeVisible();
  await desk.close();

  // The listing is gone for everyone.
  expect((await request.get(`/api/cars/${carId}`)).status()).toBe(404);

  // The buyer reads the outcome in Account > Alerts.
  await page.goto('/browse');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Account/ })
    .tap();
  await page.getByRole('tab', { name: 'Alerts' }).tap();
  await expect(page.getByRole('button', { name: /Your report was reviewed/ })).toBeVisible();
  await expect(page.getByText('We hid the listing you reported.', { exact: true })).toBeVisible();

  // The seller finds the listing marked in their own cars, on a phone.
  const sellerPhone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const sellerPage = await sellerPhone.newPage();
  await openSellSignedIn(sellerPage, seller, '/sell');
  await sellerPage.getByRole('button', { name: 'Manage My Cars' }).tap();
  const mark = sellerPage.getByTestId('hidden-by-moderation');
  await expect(mark).toHaveText('Hidden by moderation: buyers cannot see it');
  await mark.scrollIntoViewIfNeeded();
  await sellerPage.screenshot({ path: 'test-results/screenshots/moderation-seller-hidden-mark-phone.png' });
  await sellerPhone.close();

  // The seller can no longer message the buyer: 403, with nothing telling of a block.
  const again = await request.post('/api/messages/send', {
    headers: { ...bearer(seller), 'x-forwarded-for': newcomerAddress() },
    data: { receiverId: buyer.user.id, message: 'Are you still there?', messageType: 'text' },
  });
  expect(again.status()).toBe(403);
  expect(((await again.json()) as { error: string }).error).toBe(
    'This account cannot receive messages right now',
  );
});
