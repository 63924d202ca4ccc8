import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OUTBOX_LOOPBACK_MESSAGE } from '../src/accounts/dev.route.ts';
import { PRIVATE_MEDIA_MESSAGES } from '../src/plugins/private-media-files.ts';
import { testClock } from './auth-helpers.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertConversation, PDF, PNG_1X1 } from './support/fixtures.ts';
import { multipart } from './support/multipart.ts';

/**
 * Issue 14, findings 8 and 9 as an attacker tries them: a conversation's attachments fetched by someone else, and
 * the development outbox asked from another machine. (Finding 11, account deletion, is account-deletion.int.test.ts.)
 */
const clock = testClock();
let server: TestServer;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let conversation: string;

beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
  buyer = await server.createUser({ name: 'Buyer' });
  seller = await server.createUser({ role: 'dealer', name: 'Seller' });
  stranger = await server.createUser({ name: 'Stranger' });
  conversation = await insertConversation(server.ctx, buyer.id, seller.id);
});
afterAll(() => server.close());

async function upload(user: TestUser, file: { name: string; content: Buffer }): Promise<string> {
  const body = multipart([
    { name: 'folder', value: `conversations/${conversation}/media` },
    { name: 'file', filename: file.name, content: file.content },
  ]);
  const res = await server.call({
    method: 'POST',
    url: '/api/media/upload',
    payload: body.payload,
    headers: body.headers,
    user,
  });
  expect(res.statusCode).toBe(200);
  return res.data.data.key as string;
}

/** Sends the files as one message from the buyer, then reads it back as `viewer` and answers their links. */
async function sentAndSeenBy(viewer: TestUser, keys: string[], messageType: string): Promise<string[]> {
  const sent = await server.call({
    method: 'POST',
    url: '/api/messages/send',
    payload: { receiverId: seller.id, attachments: keys, messageType },
    user: buyer,
  });
  expect(sent.statusCode).toBe(201);
  const history = await server.call({
    method: 'GET',
    url: `/api/messages/conversations/${conversation}?limit=50`,
    user: viewer,
  });
  expect(history.statusCode).toBe(200);
  const message = (history.data.data.messages as Array<{ id: string; attachmentUrls: string[] }>).find(
    (m) => m.id === sent.data.data.message.id,
  );
  return message!.attachmentUrls;
}

const get = (url: string) => server.call({ method: 'GET', url });

describe('conversation attachments (finding 8)', () => {
  it('serves each participant through a link signed for them, and nobody else', async () => {
    const key = await upload(buyer, { name: 'car.png', content: PNG_1X1 });
    const [sellerUrl] = await sentAndSeenBy(seller, [key], 'image');
    const [buyerUrl] = (
      await server.call({ method: 'GET', url: `/api/messages/conversations/${conversation}`, user: buyer })
    ).data.data.messages.at(-1).attachmentUrls as string[];
    expect(sellerUrl).toMatch(new RegExp(`^/media/${key}\\?viewer=${seller.id}&`));
    expect(buyerUrl).toMatch(new RegExp(`^/media/${key}\\?viewer=${buyer.id}&`));

    // A photo is stored as its renditions (the key is the default JPEG one): what a participant is served.
    let served: Buffer | undefined;
    for (const url of [sellerUrl!, buyerUrl!]) {
      const file = await get(url);
      expect(file.statusCode).toBe(200);
      expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      served = file.rawPayload;
    }
    // Every other rendition in the message's srcset is signed for its viewer as well, and refused bare.
    const photo = (
      await server.call({ method: 'GET', url: `/api/messages/conversations/${conversation}`, user: seller })
    ).data.data.messages.at(-1).attachmentPhotos[0] as { sources: Array<{ srcset: string }> };
    const rendition = photo.sources[0]!.srcset.split(' ')[0]!;
    expect(rendition).toMatch(new RegExp(`^/media/conversations/.+\\?viewer=${seller.id}&`));
    expect((await get(rendition)).statusCode).toBe(200);
    expect([403, 404]).toContain((await get(rendition.split('?')[0]!)).statusCode);

    // Signed out, with no link: the bare path, and the tricks that spell it otherwise.
    for (const url of [
      `/media/${key}`,
      `/media/${key.replace('conversations/', '%63onversations/')}`,
      `/media/${key.replace('conversations/', 'Conversations/')}`,
      `/media/cars/../${key}`,
      `/media//${key}`,
    ]) {
      const res = await get(url);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.rawPayload).not.toEqual(served);
    }
    // A forwarded link names its viewer: changed to the stranger, the signature no longer matches.
    const forged = await get(sellerUrl!.replace(seller.id, stranger.id));
    expect(forged.statusCode).toBe(403);
    expect(forged.data).toMatchObject({ success: false, error: PRIVATE_MEDIA_MESSAGES.invalid });
    // Even a correctly signed link for someone outside the conversation serves nothing.
    const outsider = await get(server.ctx.privateMedia.urlFor(key, stranger.id, clock.now()));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.data.success).toBe(false);
    // And the stranger cannot read the conversation that carries the links.
    const history = await server.call({
      method: 'GET',
      url: `/api/messages/conversations/${conversation}`,
      user: stranger,
    });
    expect(history.statusCode).toBe(404);
  });

  it('sends documents as downloads (Content-Disposition: attachment) with nosniff', async () => {
    const key = await upload(buyer, { name: 'offer <script>.pdf', content: PDF });
    const [url] = await sentAndSeenBy(seller, [key], 'document');
    const file = await get(url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${key.split('/').pop()}"`);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload).toEqual(PDF);
  });

  it('refuses a link once it has expired, and the upload answer is a signed link too', async () => {
    const body = multipart([
      { name: 'folder', value: `conversations/${conversation}/media` },
      { name: 'file', filename: 'a.png', content: PNG_1X1 },
    ]);
    const uploaded = await server.call({
      method: 'POST',
      url: '/api/media/upload',
      payload: body.payload,
      headers: body.headers,
      user: seller,
    });
    const url = uploaded.data.data.url as string;
    expect(url).toMatch(
      new RegExp(
        `^/media/conversations/${conversation}/media/[0-9a-f-]{36}\\.\\d+x\\d+\\.[\\w-]+\\.jpg\\?viewer=${seller.id}&`,
      ),
    );
    expect((await get(url)).statusCode).toBe(200);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires')) * 1000;
    expect(expires - clock.now().getTime()).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    clock.advance(expires - clock.now().getTime() + 1000);
    const late = await get(url);
    expect(late.statusCode).toBe(403);
    expect(late.data).toMatchObject({ success: false, error: PRIVATE_MEDIA_MESSAGES.expired });
  });

  it('keeps public car media public', async () => {
    const res = await get('/media/cars/nothing-here.png');
    expect(res.statusCode).toBe(404);
    expect(server.ctx.privateMedia.urlFor('cars/abc/x.png', stranger.id, clock.now())).toBe(
      '/media/cars/abc/x.png',
    );
  });
});

describe('development outbox (finding 9)', () => {
  it('answers a loopback caller, whatever it claims in X-Forwarded-For', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await server.call({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a caller from another address, even one that claims to be loopback', async () => {
    for (const remoteAddress of ['192.0.2.10', '10.0.0.5', '::ffff:192.0.2.10', '2001:db8::1']) {
      const res = await server.call({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.data).toEqual({
        success: false,
        error: DEV_OUTBOX_LOOPBACK_MESSAGE,
        message: DEV_OUTBOX_LOOPBACK_MESSAGE,
      });
    }
  });
});
