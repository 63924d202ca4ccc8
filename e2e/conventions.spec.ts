import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  apiGet,
  apiPost,
  carTitle,
  dealerToken,
  DEMO_CUSTOMER_PHONE,
  expectListedWithVideo,
  expectWizardStep,
  fillBasicInfo,
  fillFeatures,
  fillPricing,
  group,
  openAddCar,
  submitListing,
  tokenOf,
  wizardCar,
} from './dealer-flow.ts';
import {
  DEMO_LOCAL,
  feedCurrentTitle,
  makeVideo,
  PASSWORD,
  PHONE,
  signIn,
  signUpCustomer,
} from './support.ts';
import { centreOf, doubleTap, swipeBy } from './touch.ts';

/*
 * What people already do on TikTok, Marketplace and AutoTrader, done with real fingers on a phone: Chromium's touch
 * input (CDP Input.dispatchTouchEvent and Playwright's touchscreen), never mouse events.
 */
test.use(PHONE);

let workDir: string;
test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'autoreel-conventions-'));
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const playButton = (page: Page) => page.getByRole('button', { name: /^(Play|Pause) video$/ });
const likeButton = (page: Page) =>
  page.getByRole('group', { name: 'Car actions' }).getByRole('button', { name: /^(Like|Unlike)$/ });
const likeCount = async (page: Page) =>
  Number((await page.getByTestId('like-count').textContent())!.replace(/,/g, ''));

test('the feed: a tap pauses and plays, a double-tap likes once with a heart, a drag right closes the details', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The feed's first car, not yet liked by this buyer (other specs like the newest cars as the demo customer).
  const buyer = await tokenOf(request, DEMO_CUSTOMER_PHONE);
  const feed = await apiGet<{ cars: { id: string }[] }>(request, buyer, '/cars?sort=newest&limit=10');
  const first = feed.cars[0]!.id;
  const statuses = await request.post('/api/cars/likes/batch-status', {
    headers: { authorization: `Bearer ${buyer}` },
    data: { carIds: [first] },
  });
  expect(statuses.ok()).toBe(true);
  const status = ((await statuses.json()) as { data: Record<string, { isLiked: boolean }> }).data;
  if (status[first]?.isLiked) await apiPost(request, buyer, `/cars/${first}/like`, {});
  await signIn(page, DEMO_LOCAL.customer);
  await page.goto('/');
  await expect(feedCurrentTitle(page)).toBeVisible({ timeout: 20_000 });
  const surface = page.getByRole('group', { name: /Arrow keys, the wheel or a swipe/ });
  const box = (await surface.boundingBox())!;
  // Left of the side buttons and below the top bar: the video itself.
  const onVideo = { x: box.x + box.width * 0.35, y: box.y + box.height * 0.45 };

  // The pills' icons are either drawn at their real size (they were squashed to 0-2 px) or, on a phone this
  // narrow, left out so the labels keep one line; never squashed.
  for (const name of ['Top Cars', 'List Your Car']) {
    const icon = page.getByRole('button', { name }).locator('svg');
    const box = await icon.boundingBox();
    if (box === null) {
      await expect(icon).toBeHidden();
      continue;
    }
    expect(box.width, name).toBeGreaterThanOrEqual(16);
    expect(box.height, name).toBeGreaterThanOrEqual(16);
  }

  await expect(playButton(page)).toHaveAccessibleName('Pause video');
  await page.touchscreen.tap(onVideo.x, onVideo.y);
  await expect(playButton(page)).toHaveAccessibleName('Play video');
  await expect
    .poll(() =>
      page
        .getByTestId('feed-current')
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.paused),
    )
    .toBe(true);
  await page.touchscreen.tap(onVideo.x, onVideo.y);
  await expect(playButton(page)).toHaveAccessibleName('Pause video');

  // A car this buyer has not liked yet: a double-tap likes it, once.
  await expect(likeButton(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
  const before = await likeCount(page);
  const liked = page.waitForResponse((r) => /\/api\/cars\/[^/]+\/like$/.test(r.url()));
  await doubleTap(page, onVideo);
  await expect(page.getByTestId('like-heart')).toBeVisible();
  await liked;
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => likeCount(page)).toBe(before + 1);
  // The double-tap was no single tap: the video still plays.
  await expect(playButton(page)).toHaveAccessibleName('Pause video');
  await page.screenshot({ path: 'test-results/conventions-double-tap-phone.png' });
  // Another double-tap keeps the like (it never unlikes) and the count stays.
  await page.waitForTimeout(400);
  await doubleTap(page, onVideo);
  await page.waitForTimeout(600);
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await likeCount(page)).toBe(before + 1);
  // Put it back, so the next run starts from an unliked car.
  await likeButton(page).tap();
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');

  // Counts under like, comments and share; every side button named.
  const actions = page.getByRole('group', { name: 'Car actions' });
  await expect(actions.getByLabel(/^\d[\d,]* comments?$/)).toBeVisible();
  await expect(actions.getByLabel(/^\d[\d,]* shares?$/)).toBeVisible();
  for (const name of ['Comments', 'Share', 'Message seller', 'Show details']) {
    await expect(actions.getByRole('button', { name, exact: true })).toBeVisible();
  }

  // A left swipe opens the details; a finger dragged right by more than 100 px closes them.
  const title = (await feedCurrentTitle(page).textContent())!;
  await swipeBy(page, onVideo, -160, 0);
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toBeVisible();
  expect(await details.evaluate((el) => getComputedStyle(el).touchAction)).toBe('pan-y');
  const inPanel = await centreOf(details.getByRole('heading', { name: 'Specifications' }));
  await swipeBy(page, { x: 60, y: inPanel.y }, 80, 0);
  await expect(details).toBeVisible();
  await swipeBy(page, { x: 60, y: inPanel.y }, 180, 0);
  await expect(details).toHaveCount(0);
});

test("chat: the dealer sees a dealer's quick replies, and messages fill at least 60% of the screen", async ({
  page,
  request,
}) => {
  const dealer = await dealerToken(request);
  const buyer = await tokenOf(request, DEMO_CUSTOMER_PHONE);
  const mine = await apiGet<{ cars: { id: string }[] }>(request, dealer, '/cars/mine');
  const car = mine.cars[0]!;
  const question = `Is it still available? (${Date.now().toString(36)})`;
  await apiPost(request, buyer, '/messages/send', {
    receiverId: car.id,
    carId: car.id,
    message: question,
    messageType: 'text',
  });

  await signIn(page, DEMO_LOCAL.dealer);
  await page.goto('/messages');
  const row = page.getByRole('button', { name: /^Conversation with / }).filter({ hasText: question });
  await row.first().tap();
  await expect(page.getByRole('listitem').filter({ hasText: question })).toBeVisible();

  const replies = page.getByRole('group', { name: 'Quick replies' });
  await expect(replies.getByRole('button', { name: 'Yes, it is still available' })).toBeVisible();
  await expect(replies.getByRole('button', { name: 'When would you like to view it?' })).toBeVisible();
  await expect(replies.getByRole('button', { name: 'Is this car still available?' })).toHaveCount(0);

  // Read once, the safety tips are one line from then on: the messages keep the screen.
  const tips = page.getByRole('button', { name: 'Dismiss safety tips' });
  if (await tips.isVisible()) await tips.tap();
  await expect(page.getByRole('button', { name: 'Stay Safe - Avoid Scams' })).toBeVisible();
  const area = async () => (await page.getByTestId('chat-messages').boundingBox())!.height;
  expect(await area()).toBeGreaterThanOrEqual(0.6 * 844);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: question })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stay Safe - Avoid Scams' })).toBeVisible();
  expect(await area()).toBeGreaterThanOrEqual(0.6 * 844);
  await page.screenshot({ path: 'test-results/conventions-dealer-chat-phone.png' });

  // The line opens the seller's tips, not the buyer's, and folds again.
  await page.getByRole('button', { name: 'Stay Safe - Avoid Scams' }).tap();
  await expect(
    page.getByText('Hand over the car and papers only once the payment has cleared'),
  ).toBeVisible();
  await expect(page.getByText('Verify dealer credentials and documentation')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss safety tips' }).tap();
  await expect(page.getByRole('button', { name: 'Stay Safe - Avoid Scams' })).toBeVisible();

  // A quick reply tapped is sent as the dealer's message.
  await replies.getByRole('button', { name: 'Yes, it is still available' }).tap();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Yes, it is still available' }).last(),
  ).toBeVisible();
});

interface ListedCar {
  id: string;
  year: number;
  make: string;
  model: string;
  dealerId: string | null;
  isPrivateSeller: boolean;
}

test("favourites: a dealer's car and a private seller's car each have a chat button that opens the chat about it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A fresh buyer likes one car of each kind, so these two are all the favourites there are.
  const buyer = await signUpCustomer(request, 'Sipho Favourites', 8);
  const { cars } = await apiGet<{ cars: ListedCar[] }>(
    request,
    buyer.accessToken,
    '/cars?limit=100&sort=newest',
  );
  const fromDealer = cars.find((c) => c.dealerId && !c.isPrivateSeller);
  const fromPrivate = cars.find((c) => c.isPrivateSeller);
  expect(fromDealer, "a dealer's car among the newest 100").toBeTruthy();
  expect(fromPrivate, "a private seller's car among the newest 100").toBeTruthy();
  for (const car of [fromDealer!, fromPrivate!])
    await apiPost(request, buyer.accessToken, `/cars/${car.id}/like`, {});

  await signIn(page, buyer.local, PASSWORD);
  const favourite = (car: ListedCar) =>
    page
      .getByRole('list', { name: 'Favorite cars' })
      .getByRole('article', { name: carTitle(car) })
      .first();
  for (const [car, button, question] of [
    [fromDealer!, 'Message dealer', 'Is this car still available?'],
    [fromPrivate!, 'Message seller', 'Is this car still available?'],
  ] as const) {
    await page.goto('/account');
    await expect(page.getByRole('list', { name: 'Favorite cars' }).getByRole('article')).toHaveCount(2);
    await expect(page.getByText('Chat not available')).toHaveCount(0);
    await favourite(car).getByRole('button', { name: button }).tap();
    // The chat about this car: its strip, and the buyer's questions about a car to start from.
    await expect(page).toHaveURL(new RegExp(`/messages/[^/?]+\\?car=${car.id}$`));
    await expect(page.getByRole('button', { name: /Click to view car details/ })).toContainText(
      carTitle(car),
    );
    await expect(
      page.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: question }),
    ).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/conventions-favourite-chat-phone.png' });

  // A private seller is no dealer: the car's page offers Message, and its form says Contact Seller, never Contact
  // Dealer.
  await page.goto(`/cars/${fromPrivate!.id}`);
  await page
    .getByRole('group', { name: 'Contact the seller' })
    .getByRole('button', { name: /^Message/ })
    .tap();
  await expect(page.getByRole('dialog', { name: 'Contact Seller' })).toBeVisible();
  await expect(page.getByText('Contact Dealer')).toHaveCount(0);
});

/** A plain coloured JPEG photo, written into the spec's folder. */
async function photo(name: string, rgb: { r: number; g: number; b: number }): Promise<string> {
  const file = join(workDir, name);
  writeFileSync(
    file,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: rgb } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

test('the wizard on a phone: a previewed video, photos ordered by finger with a cover, and a pickup listed', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const car = wizardCar(`Hilux Raider ${Date.now().toString(36)}`);
  await signIn(page, DEMO_LOCAL.dealer);
  await page.goto('/dealer');
  await openAddCar(page);
  await expectWizardStep(page, 1, 'Media');

  // The chooser is for videos only; the pick plays at once with its length, before any upload.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Video' }).tap();
  const videoChooser = await chooser;
  const accept = await videoChooser.element().getAttribute('accept');
  expect(accept!.split(',').every((type) => type.startsWith('video/'))).toBe(true);
  await videoChooser.setFiles(makeVideo(workDir));
  await expect(page.getByText(/Video ready/)).toBeVisible();
  await expect(page.getByLabel('Preview of walkaround.mp4')).toBeVisible();
  await expect(page.getByTestId('video-duration')).toHaveText('Length 0:04');

  const photos = [
    await photo('front.jpg', { r: 200, g: 40, b: 40 }),
    await photo('side.jpg', { r: 40, g: 160, b: 60 }),
    await photo('back.jpg', { r: 40, g: 70, b: 200 }),
  ];
  const photoChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add Photos' }).tap();
  await (await photoChooser).setFiles(photos);
  const tiles = page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  const order = () => tiles.evaluateAll((items) => items.map((li) => li.querySelector('span')!.textContent));
  expect(await order()).toEqual(['front.jpg', 'side.jpg', 'back.jpg']);

  // A finger drags back.jpg onto the first place (from the middle of its tile, where its Make cover button is);
  // Make cover puts side.jpg first.
  const from = await centreOf(tiles.nth(2));
  const to = await centreOf(tiles.nth(0));
  await swipeBy(page, from, to.x - from.x, to.y - from.y);
  await expect.poll(order).toEqual(['back.jpg', 'front.jpg', 'side.jpg']);
  // One tap, soon after the drag: Chromium may send no click for it, and the tile acts on the lift anyway.
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: 'Make side.jpg the cover' }).tap();
  await expect.poll(order).toEqual(['side.jpg', 'back.jpg', 'front.jpg']);
  // The click that may follow the tap moves nothing more.
  await page.waitForTimeout(500);
  expect(await order()).toEqual(['side.jpg', 'back.jpg', 'front.jpg']);
  await page.screenshot({ path: 'test-results/conventions-wizard-media-phone.png' });

  await page.getByRole('button', { name: 'Next' }).tap();
  await fillBasicInfo(page, car);
  await fillPricing(page, car);
  await expectWizardStep(page, 4, 'Details');
  await page.getByLabel('Mileage (km)').fill(String(car.expected.mileage));
  await group(page, 'Fuel type').getByRole('button', { name: 'Diesel' }).tap();
  await group(page, 'Transmission').getByRole('button', { name: 'Manual' }).tap();
  await group(page, 'Body type').getByRole('button', { name: 'Bakkie / Pickup' }).tap();
  await page.getByRole('button', { name: 'Generate with AI' }).tap();
  const description = page.getByLabel('Description');
  await expect(description).toHaveValue(/bakkie/i, { timeout: 15_000 });
  await expect(description).not.toHaveValue(/sedan/i);
  await page.getByRole('button', { name: 'Next' }).tap();
  await fillFeatures(page);
  await submitListing(page);

  // The API holds a pickup with its video prepared (so the feed after this spec plays it), its photos in the order
  // chosen: the cover first.
  const token = await dealerToken(request);
  await expectListedWithVideo(request, token, car);
  const listed = (await apiGet<{ cars: Record<string, unknown>[] }>(request, token, '/cars/mine')).cars.find(
    (c) => c['model'] === car.model,
  );
  expect(listed).toMatchObject({ bodyType: 'Truck', fuelType: 'Diesel', transmission: 'Manual' });
  const images = listed!['images'] as string[];
  expect(images).toHaveLength(3);
  expect(listed!['poster']).toBe(images[0]);
  // The cover is the green side photo: a pixel of it says so.
  const cover = await request.get((listed!['photos'] as { src: string }[])[0]!.src);
  expect(cover.ok()).toBe(true);
  const pixel = await sharp(await cover.body())
    .extract({ left: 100, top: 100, width: 1, height: 1 })
    .raw()
    .toBuffer();
  expect(pixel[1]).toBeGreaterThan(pixel[0]!);
  expect(pixel[1]).toBeGreaterThan(pixel[2]!);
});
