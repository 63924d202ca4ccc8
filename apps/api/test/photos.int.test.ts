import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@autoreel/core';
import { mediaObjects } from '../src/db/schema/index.ts';
import { PHOTO_FORMATS, photoRenditionKey, photoWidths } from '../src/media/media-url.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, insertConversation } from './support/fixtures.ts';
import { uploadFile } from './support/upload.ts';

let server: TestServer;
let dealer: TestUser;
let buyer: TestUser;
let car: string;
let conversation: string;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await server.createUser({ role: 'dealer', name: 'Photo Dealer' });
  buyer = await server.createUser({ name: 'Photo Buyer' });
  car = await insertCar(server.ctx, dealer.id);
  conversation = await insertConversation(server.ctx, buyer.id, dealer.id);
});
afterAll(() => server.close());

// The GPS IFD pointer tag (0x8825), as it sits in a little-endian EXIF block.
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/**
 * A phone photo as a private seller would send it: 2400 x 1800 pixels stored sideways with EXIF orientation 6
 * (upright it is 1800 x 2400), a GPS position, XMP, and a Display P3 colour profile.
 */
async function phoneJpeg(): Promise<Buffer> {
  const drawing = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1800"><rect width="2400" height="1800" fill="#3a6"/>' +
      '<rect width="600" height="1800" fill="#e33"/><circle cx="1500" cy="900" r="500" fill="#fd2"/></svg>',
  );
  return sharp(drawing)
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '26/1 19/1 4711/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 8/1 1234/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Home camera"/></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Every rendition the answer's srcsets list, fetched from /media as a browser would, once the job that makes car
 * photos' AVIF renditions is done (the test of the stand-in covers the moment before).
 */
async function servedRenditions(photo: Photo): Promise<{ url: string; width: number; body: Buffer }[]> {
  await server.ctx.jobs.idle();
  const candidates = [photo.srcset!, ...photo.sources!.map((s) => s.srcset)].flatMap((srcset) =>
    srcset.split(', ').map((entry) => {
      const [url, w] = entry.split(' ');
      return { url: url!, width: Number(w!.slice(0, -1)) };
    }),
  );
  return Promise.all(
    candidates.map(async ({ url, width }) => {
      const res = await server.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return { url, width, body: res.rawPayload };
    }),
  );
}

async function expectClean(rendition: { url: string; width: number; body: Buffer }): Promise<void> {
  const meta = await sharp(rendition.body).metadata();
  expect(meta.width, rendition.url).toBe(rendition.width);
  expect(meta.exif, rendition.url).toBeUndefined();
  expect(meta.xmp, rendition.url).toBeUndefined();
  expect(meta.iptc, rendition.url).toBeUndefined();
  expect(meta.icc, rendition.url).toBeUndefined();
  expect(meta.orientation ?? 1, rendition.url).toBe(1);
  expect(rendition.body.includes('Exif\0'), rendition.url).toBe(false);
  expect(rendition.body.includes('Home camera'), rendition.url).toBe(false);
  expect(rendition.body.includes('PhoneMaker'), rendition.url).toBe(false);
}

/**
 * A PNG announcing width x height pixels in a few KB: its header and the first rows of white. A decoder that
 * trusted the header would set aside width x height x 3 bytes (1.2 GB here).
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * 4, 0xff);
  for (let row = 0; row < 4; row++) rows[row * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photo uploads', () => {
  it('the test photo really carries GPS, XMP, a profile and a sideways orientation', async () => {
    const meta = await sharp(await phoneJpeg()).metadata();
    expect(meta.exif?.includes(GPS_POINTER)).toBe(true);
    expect(meta.xmp).toBeDefined();
    expect(meta.icc).toBeDefined();
    expect(meta.orientation).toBe(6);
  });

  for (const target of ['car', 'chat'] as const) {
    it(`stores a ${target} photo upright, without GPS or any metadata, in every width and format`, async () => {
      const folder = target === 'car' ? `cars/${car}` : `conversations/${conversation}/media`;
      const user = target === 'car' ? dealer : buyer;
      const res = await uploadFile(server, user, folder, { name: 'home.jpg', content: await phoneJpeg() });
      expect(res.statusCode).toBe(200);
      const { key, url, photo } = res.data.data as { key: string; url: string; photo: Photo };
      // Upright (orientation applied): 1800 wide, 2400 high; the widest rendition is the 1600 px cap.
      expect(photo).toMatchObject({ src: url, width: 1600, height: 2133 });
      expect(photo.placeholder).toMatch(/^[\w-]{20,}$/);
      expect(photo.sources?.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);

      const renditions = await servedRenditions(photo);
      expect(renditions).toHaveLength(photoWidths(1600).length * PHOTO_FORMATS.length);
      expect(new Set(renditions.map((r) => r.width))).toEqual(new Set([320, 640, 1080, 1600]));
      for (const rendition of renditions) await expectClean(rendition);
      const formats = await Promise.all(renditions.map(async (r) => (await sharp(r.body).metadata()).format));
      expect(new Set(formats)).toEqual(new Set(['heif', 'webp', 'jpeg']));
      // Upright: portrait renditions.
      const largest = await sharp(renditions.find((r) => r.width === 1600)!.body).metadata();
      expect(largest.height).toBeGreaterThan(largest.width);
      // The original bytes are nowhere: the folder holds exactly the renditions.
      const files = readdirSync(join(server.config.dataDir, 'media', folder)).filter((f) =>
        f.startsWith(key.split('/').pop()!.split('.')[0]!),
      );
      const expected = photoWidths(1600).flatMap((w) =>
        PHOTO_FORMATS.map((f) => photoRenditionKey(key, w, f.ext).split('/').pop()),
      );
      expect(files.sort()).toEqual(expected.sort());
    });
  }

  it('answers a car photo AVIF not made yet with its JPEG, and makes it in a job that resumes after a restart', async () => {
    const res = await uploadFile(server, dealer, `cars/${car}`, {
      name: 'home.jpg',
      content: await phoneJpeg(),
    });
    expect(res.statusCode).toBe(200);
    const { key } = res.data.data as { key: string };
    await server.ctx.jobs.idle();
    const row = async () =>
      (await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key)))[0];
    const done = await row();
    expect(done?.status).toBe('ready');

    // The state a restart finds when the process stopped before the job ran: the row says unfinished.
    const avif = photoWidths(1600).map((w) => photoRenditionKey(key, w, 'avif'));
    for (const rendition of avif) await server.ctx.storage.delete(rendition);
    await server.ctx.db.update(mediaObjects).set({ status: 'processing' }).where(eq(mediaObjects.key, key));
    for (const [i, w] of photoWidths(1600).entries()) {
      const pending = await server.call({ method: 'GET', url: `/media/${avif[i]}` });
      expect(pending.statusCode).toBe(307);
      expect(pending.headers['location']).toBe(`/media/${photoRenditionKey(key, w, 'jpg')}`);
      expect(pending.headers['cache-control']).toBe('no-store');
    }

    // Every resume also starts the change log reader's catch-up (one job), beside this one.
    expect(await server.ctx.jobs.resume()).toBe(2);
    await server.ctx.jobs.idle();
    expect((await row())?.status).toBe('ready');
    for (const [i, w] of photoWidths(1600).entries()) {
      const made = await server.call({ method: 'GET', url: `/media/${avif[i]}` });
      expect(made.statusCode).toBe(200);
      const meta = await sharp(made.rawPayload).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['heif', w, undefined]);
    }
    // A key that is no photo rendition, or a photo that is gone, is still a plain 404.
    const unknown = await server.call({ method: 'GET', url: `/media/cars/${car}/missing.avif` });
    expect(unknown.statusCode).toBe(404);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const res = await uploadFile(server, dealer, `cars/${car}`, { name: 'small.png', content: small });
    const photo = res.data.data.photo as Photo;
    expect(photo.srcset?.split(', ').map((e) => e.split(' ')[1])).toEqual(['320w', '500w']);
    for (const rendition of await servedRenditions(photo)) await expectClean(rendition);
  });

  it('keeps the first frame of an animated GIF', async () => {
    const frames = Buffer.concat([
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#f00' } })
        .raw()
        .toBuffer(),
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#00f' } })
        .raw()
        .toBuffer(),
    ]);
    const gif = await sharp(frames, { raw: { width: 60, height: 80, channels: 3, pageHeight: 40 } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const res = await uploadFile(server, buyer, `conversations/${conversation}/media`, {
      name: 'a.gif',
      content: gif,
    });
    expect(res.statusCode).toBe(200);
    const photo = res.data.data.photo as Photo;
    expect(photo).toMatchObject({ width: 60, height: 40 });
    const served = await server.call({ method: 'GET', url: photo.src });
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('refuses a decompression bomb (20,000 x 20,000 px in a few KB) with 422 and stores nothing', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(5_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    await server.ctx.jobs.idle();
    const rowsBefore = (await server.ctx.db.select().from(mediaObjects)).length;
    const folderDir = join(server.config.dataDir, 'media', 'cars', car);
    const filesBefore = existsSync(folderDir) ? readdirSync(folderDir).length : 0;
    const tmpDir = join(server.config.dataDir, 'tmp');
    const res = await uploadFile(server, dealer, `cars/${car}`, { name: 'bomb.png', content: bomb });
    expect(res.statusCode).toBe(422);
    expect(res.data).toMatchObject({ success: false, error: expect.stringMatching(/Photo too large/) });
    expect((await server.ctx.db.select().from(mediaObjects)).length).toBe(rowsBefore);
    expect(existsSync(folderDir) ? readdirSync(folderDir).length : 0).toBe(filesBefore);
    expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);
  });

  it('deletes every rendition with the photo', async () => {
    const res = await uploadFile(server, dealer, `cars/${car}`, {
      name: 'p.jpg',
      content: await phoneJpeg(),
    });
    const { key, photo } = res.data.data as { key: string; photo: Photo };
    const urls = (await servedRenditions(photo)).map((r) => r.url);
    const del = await server.call({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { key },
      user: dealer,
    });
    expect(del.statusCode).toBe(200);
    for (const url of urls) expect((await server.call({ method: 'GET', url })).statusCode).toBe(404);
    expect(await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key))).toEqual([]);
  });
});
