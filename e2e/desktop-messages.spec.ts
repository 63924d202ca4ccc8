import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_DEALER } from './dealer-flow.ts';
import { DESKTOP, openSellSignedIn, signUpCustomer, type SignedUp } from './support.ts';

/*
 * Issue 13 item 5 on a desktop screen: the header's Messages with its unread badge rising live while someone in
 * another browser sends, Messages as two panes, and the user menu's Liked Cars and Account Settings.
 */

test.use(DESKTOP);

type Account = Pick<SignedUp, 'accessToken' | 'refreshToken' | 'user'>;

const headerMessages = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });

test('the header Messages badge rises live as another browser sends, and Messages shows two panes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const buyer = await signUpCustomer(request, 'Busisiwe Desktop', 8);
  await openSellSignedIn(page, buyer, '/browse');
  await expect(headerMessages(page)).toHaveText('Messages');

  // The dealer, in a browser of their own, writes to the buyer twice.
  const login = await request.post('/api/auth/login', {
    data: { phone: DEMO_DEALER.phone, password: DEMO_DEALER.password },
  });
  const dealer = ((await login.json()) as { data: Account }).data;
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const dealerPage = await other.newPage();
  await openSellSignedIn(dealerPage, dealer, `/messages/${buyer.user.id}`);
  const send = async (text: string) => {
    await dealerPage.getByLabel('Message', { exact: true }).fill(text);
    await dealerPage.getByRole('button', { name: 'Send message' }).click();
    await expect(
      dealerPage.getByRole('list', { name: 'Messages', exact: true }).getByText(text, { exact: true }),
    ).toBeVisible();
  };
  const first = `Good morning, the car is still available ${Date.now()}`;
  await send(first);
  // No reload on the buyer's side: the stream carries the count.
  await expect(headerMessages(page)).toHaveText('Messages1');
  await send('We are open until five today.');
  await expect(headerMessages(page)).toHaveText('Messages2');
  await page.screenshot({ path: 'test-results/screenshots/desktop-messages-badge.png' });
  await other.close();

  // Two panes: the list beside the open conversation, which stays beside the list.
  await headerMessages(page).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
  const row = page.getByRole('button', { name: /^Conversation with / });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/messages/${dealer.user.id}`));
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(
    conversation.getByRole('list', { name: 'Messages', exact: true }).getByText(first, { exact: true }),
  ).toBeVisible();
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  const list = (await page.getByRole('list', { name: 'Conversations' }).boundingBox())!;
  const pane = (await conversation.boundingBox())!;
  expect(list.x + list.width).toBeLessThanOrEqual(pane.x);
  expect(Math.abs(list.y - pane.y)).toBeLessThan(200);
  // Read here, the badge clears.
  await expect(headerMessages(page)).toHaveText('Messages');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: 'test-results/screenshots/desktop-messages-two-panes.png' });
});

test("the user menu's Liked Cars and Account Settings open those places", async ({ page, request }) => {
  const buyer = await signUpCustomer(request, 'Mandla Menu', 9);
  await openSellSignedIn(page, buyer, '/browse');
  const menuButton = page.getByRole('button', { name: 'Account menu for Mandla Menu' });
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Customer Account')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await menuButton.click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Liked Cars' }).click();
  await expect(page.getByRole('tab', { name: 'Favorites' })).toHaveAttribute('aria-selected', 'true');
});
