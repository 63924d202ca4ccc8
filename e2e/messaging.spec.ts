import { carTitle } from '@autoreel/core';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { scanAndShoot, signUpCustomer, SIZES } from './support.ts';

interface Session {
  user: { id: string; name: string; dealerId?: string | null };
  accessToken: string;
  refreshToken: string;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function demoDealer(request: APIRequestContext): Promise<Session> {
  return data<Session>(
    await request.post('/api/auth/login', { data: { phone: '+26876000002', password: 'demo-pass-2026' } }),
  );
}

/** A browser context already signed in: the storefront keeps its session in localStorage. */
async function signedInPage(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  await context.addInitScript((s) => {
    localStorage.setItem(
      'autoreel.tokens',
      JSON.stringify({ accessToken: s.accessToken, refreshToken: s.refreshToken }),
    );
    localStorage.setItem('autoreel.user', JSON.stringify(s.user));
  }, session);
  return context.newPage();
}

/** One conversation's messages; on a desktop the conversation list beside it shows the latest one too. */
const thread = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });

/** A small valid PNG (8x8, orange), made here so the test needs no fixture file. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.concat(
    Array.from({ length: size }, () =>
      Buffer.from([0, ...Array.from({ length: size }, () => [242, 106, 33]).flat()]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a buyer and the demo dealer chat in real time, with an image and read receipts', async ({
  browser,
  request,
}) => {
  // Five accessibility scans on top of the exchange: with two workers on two cores it ran out of two minutes while
  // still walking its last steps (the phone-sized list), so it gets four.
  test.setTimeout(240_000);
  const [buyer, dealer] = await Promise.all([
    // A fresh buyer per run, so the first chat is new.
    signUpCustomer(request, 'Lindiwe Buyer', 9),
    demoDealer(request),
  ]);
  const mine = await data<{ cars: { id: string; year: number; make: string; model: string }[] }>(
    await request.get('/api/cars/mine?limit=1', {
      headers: { authorization: `Bearer ${dealer.accessToken}` },
    }),
  );
  const car = mine.cars[0]!;
  const title = carTitle(car);

  // The buyer starts a chat from the car: no thread yet, so the placeholder shows with the pre-filled message.
  const buyerPage = await signedInPage(browser, buyer);
  await buyerPage.goto(`/messages/${dealer.user.id}?car=${car.id}`);
  await expect(buyerPage.getByText('Stay Safe - Avoid Scams')).toBeVisible();
  await expect(buyerPage.getByText('Verified Dealer')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: /Click to view car details/ })).toContainText(title);
  const buyerComposer = buyerPage.getByPlaceholder('Type a message...');
  await expect(buyerComposer).toHaveValue(`Hi, I'm interested in the ${title}`);
  await buyerComposer.press('Enter');
  const buyerFirst = thread(buyerPage)
    .getByRole('listitem')
    .filter({ hasText: `Hi, I'm interested in the ${title}` });
  await expect(buyerFirst.getByText('Delivered')).toBeVisible();

  // The dealer sees the conversation in the list with its unread count, and opens it.
  const dealerPage = await signedInPage(browser, dealer);
  await dealerPage.goto('/messages');
  const row = dealerPage.getByRole('button', { name: 'Conversation with Lindiwe Buyer' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByLabel('1 unread')).toBeVisible();
  await row.click();
  await expect(thread(dealerPage).getByText(`Hi, I'm interested in the ${title}`)).toBeVisible();

  // Opening it marked it read: the buyer's message turns 'Read' without a reload.
  await expect(buyerFirst.getByText('Read')).toBeVisible({ timeout: 10_000 });

  // The dealer answers with an image; the buyer receives both live.
  const reply = `Yes, it is available (${Date.now()})`;
  const chooser = dealerPage.waitForEvent('filechooser');
  await dealerPage.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: png() });
  await expect(dealerPage.getByRole('img', { name: 'dashboard.png' })).toBeVisible();
  const dealerComposer = dealerPage.getByPlaceholder('Type a message...');
  await dealerComposer.fill(reply);
  await dealerComposer.press('Enter');
  const dealerReply = thread(dealerPage).getByRole('listitem').filter({ hasText: reply });
  // Delivered, or already read: the buyer has the chat open.
  await expect(dealerReply.getByText(/^(Delivered|Read)$/)).toBeVisible({ timeout: 15_000 });
  await expect(dealerReply.getByRole('img', { name: 'Attached image' })).toBeVisible();

  const received = thread(buyerPage).getByRole('listitem').filter({ hasText: reply });
  await expect(received).toBeVisible({ timeout: 10_000 });
  const image = received.getByRole('img', { name: 'Attached image' });
  await expect(image).toBeVisible();
  // Loaded, not broken. With a srcset the browser reports the width it draws at (the 8 px rendition's density is
  // worked out from `sizes`), so the check is that some rendition arrived whole.
  await expect
    .poll(
      () =>
        image.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

  // The buyer had the chat open, so the reply was read at once: the dealer sees 'Read'.
  await expect(dealerReply.getByText('Read')).toBeVisible({ timeout: 10_000 });

  // The conversation as both sides see it, with messages, the image and read receipts: axe finds no serious or
  // critical violation (screenshots in test-results/screenshots/messaging-*).
  await scanAndShoot(buyerPage, 'messaging-chat-buyer', 'desktop');
  await scanAndShoot(dealerPage, 'messaging-chat-dealer', 'desktop');

  // Back returns to the list, which shows the latest message.
  await buyerPage.getByRole('button', { name: 'Back to messages' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible();
  const latest = buyerPage.getByRole('button', { name: /Conversation with/ }).first();
  await expect(latest).toContainText(reply);
  await scanAndShoot(buyerPage, 'messaging-list', 'desktop');

  // On a phone the list and the chat fit the screen above the bottom bar, which shows nothing unread now.
  await buyerPage.setViewportSize(SIZES.phone);
  await expect(latest).toBeInViewport();
  await scanAndShoot(buyerPage, 'messaging-list', 'phone');
  await latest.click();
  await expect(buyerPage.getByPlaceholder('Type a message...')).toBeInViewport();
  await expect(buyerPage.getByRole('navigation', { name: 'Main' }).getByLabel(/unread/)).toHaveCount(0);
  await expect(received.getByRole('img', { name: 'Attached image' })).toBeVisible();
  await expect(buyerFirst.getByText('Read')).toBeVisible();
  await scanAndShoot(buyerPage, 'messaging-chat-buyer', 'phone');
});
