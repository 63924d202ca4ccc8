import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@autoreel/video';
import { cars, mediaObjects } from '../src/db/schema/index.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, insertConversation, makeVideos, PDF, PNG_1X1 } from './support/fixtures.ts';
import { streamedMultipart } from './support/multipart.ts';
import { uploadFile } from './support/upload.ts';

let server: TestServer;
let dealerA: TestUser;
let dealerB: TestUser;
let customer: TestUser;
let other: TestUser;
let carA: string;
let conversation: string;
let videos: ReturnType<typeof makeVideos>;

beforeAll(async () => {
  server = await createTestServer();
  dealerA = await server.createUser({ role: 'dealer', name: 'Dealer A' });
  dealerB = await server.createUser({ role: 'dealer', name: 'Dealer B' });
  customer = await server.createUser({ name: 'Customer' });
  other = await server.createUser({ name: 'Bystander' });
  carA = await insertCar(server.ctx, dealerA.id);
  conversation = await insertConversation(server.ctx, customer.id, dealerA.id);
  videos = makeVideos();
});
afterAll(() => server.close());

function upload(
  user: TestUser | undefined,
  folder: string | undefined,
  file: { name: string; content: Buffer; type?: string },
) {
  return uploadFile(server, user, folder, file);
}

const stored = (key: string) => join(server.config.dataDir, 'media', key);
const mediaRows = () => server.ctx.db.select().from(mediaObjects);
async function carRow(id: string) {
  const [row] = await server.ctx.db.select().from(cars).where(eq(cars.id, id));
  return row!;
}

describe('POST /api/media/upload', () => {
  it('stores an image for the car owner under an app-generated key and serves it from /media', async () => {
    const res = await upload(dealerA, `cars/${carA}`, {
      name: '../../etc/passwd.png',
      content: PNG_1X1,
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const { key, url } = res.data.data;
    // A photo's key names its default JPEG rendition, with its size and placeholder (photos.int.test.ts).
    expect(key).toMatch(new RegExp(`^cars/${carA}/[0-9a-f-]{36}\\.1x1\\.[\\w-]+\\.jpg$`));
    expect(url).toBe(`/media/${key}`);
    const jpeg = readFileSync(stored(key));
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The row is 'processing' until the job that makes its AVIF renditions has run (photos.int.test.ts).
    await server.ctx.jobs.idle();
    const [row] = await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    expect(row).toMatchObject({
      ownerId: dealerA.id,
      folder: `cars/${carA}`,
      kind: 'image',
      mimeType: 'image/jpeg',
      status: 'ready',
    });

    const file = await server.call({ method: 'GET', url: `/media/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload).toEqual(jpeg);
    const range = await server.call({ method: 'GET', url: `/media/${key}`, headers: { range: 'bytes=0-7' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(jpeg.subarray(0, 8));
  });

  it('refuses uploads to a car by another dealer or a customer, and to unknown cars, storing nothing', async () => {
    const before = (await mediaRows()).length;
    for (const user of [dealerB, customer]) {
      const res = await upload(user, `cars/${carA}`, { name: 'a.png', content: PNG_1X1 });
      expect(res.statusCode).toBe(403);
      expect(res.data).toMatchObject({ success: false, error: 'You can only upload media to your own cars' });
    }
    const unknown = await upload(dealerA, 'cars/00000000-0000-4000-8000-000000000000', {
      name: 'a.png',
      content: PNG_1X1,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await mediaRows()).length).toBe(before);
  });

  it('lets only the two participants attach documents to a conversation', async () => {
    const folder = `conversations/${conversation}/media`;
    for (const user of [customer, dealerA]) {
      const res = await upload(user, folder, { name: 'offer.pdf', content: PDF });
      expect(res.statusCode).toBe(200);
      expect(res.data.data.key).toMatch(/\.pdf$/);
    }
    const text = await upload(customer, folder, {
      name: 'notes.txt',
      content: Buffer.from('Can we meet in Manzini on Saturday?\n'),
    });
    expect(text.statusCode).toBe(200);
    expect(text.data.data.key).toMatch(/\.txt$/);
    const rtf = await upload(customer, folder, {
      name: 'x.rtf',
      content: Buffer.from('{\\rtf1\\ansi Hello}'),
    });
    expect(rtf.data.data.key).toMatch(/\.rtf$/);

    const before = (await mediaRows()).length;
    for (const user of [other, dealerB]) {
      const res = await upload(user, folder, { name: 'offer.pdf', content: PDF });
      expect(res.statusCode).toBe(404);
    }
    expect((await mediaRows()).length).toBe(before);
  });

  it('decides the type by magic bytes, not by the name or the declared type (415)', async () => {
    const before = (await mediaRows()).length;
    const pdfAsJpg = await upload(dealerA, `cars/${carA}`, {
      name: 'photo.jpg',
      content: PDF,
      type: 'image/jpeg',
    });
    expect(pdfAsJpg.statusCode).toBe(415);
    expect(pdfAsJpg.data.error).toMatch(/File type not accepted/);
    const exe = await upload(customer, `conversations/${conversation}/media`, {
      name: 'invoice.pdf',
      content: Buffer.concat([Buffer.from('4d5a9000030000000400', 'hex'), Buffer.alloc(200)]),
      type: 'application/pdf',
    });
    expect(exe.statusCode).toBe(415);
    const binaryAfterSample = Buffer.concat([Buffer.alloc(70_000, 'a'), Buffer.from([0, 1, 2, 3])]);
    const fakeText = await upload(customer, `conversations/${conversation}/media`, {
      name: 'notes.txt',
      content: binaryAfterSample,
    });
    expect(fakeText.statusCode).toBe(415);
    const textInCar = await upload(dealerA, `cars/${carA}`, { name: 'a.txt', content: Buffer.from('hello') });
    expect(textInCar.statusCode).toBe(415);
    expect((await mediaRows()).length).toBe(before);
  });

  it('answers 413 for a file over 100MB and keeps nothing of it', async () => {
    const before = (await mediaRows()).length;
    const body = streamedMultipart(`cars/${carA}`, PNG_1X1, 100 * 1024 * 1024 + 1);
    const res = await server.call({
      method: 'POST',
      url: '/api/media/upload',
      payload: body.payload,
      headers: body.headers,
      user: dealerA,
    });
    expect(res.statusCode).toBe(413);
    expect(res.data).toMatchObject({ success: false, error: 'File too large (max 100MB)' });
    expect((await mediaRows()).length).toBe(before);
  });

  it('answers 400 for an unknown, malformed or missing folder and 401 without a token', async () => {
    for (const folder of [
      'avatars',
      `cars/${carA}/../x`,
      'cars/not-a-uuid',
      `conversations/${conversation}`,
      '',
    ]) {
      const res = await upload(dealerA, folder, { name: 'a.png', content: PNG_1X1 });
      expect(res.statusCode, folder).toBe(400);
      expect(res.data.errors[0].field).toBe('folder');
    }
    expect((await upload(dealerA, undefined, { name: 'a.png', content: PNG_1X1 })).statusCode).toBe(400);
    const anonymous = await upload(undefined, `cars/${carA}`, { name: 'a.png', content: PNG_1X1 });
    expect(anonymous.statusCode).toBe(401);
    const json = await server.call({
      method: 'POST',
      url: '/api/media/upload',
      payload: { folder: `cars/${carA}` },
      user: dealerA,
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('DELETE /api/media/delete', () => {
  it("deletes only the owner's file: others get 404 and the file stays", async () => {
    const res = await upload(dealerA, `cars/${carA}`, { name: 'a.png', content: PNG_1X1 });
    const { key } = res.data.data;
    await server.ctx.db
      .update(cars)
      .set({ images: [key] })
      .where(eq(cars.id, carA));

    for (const user of [dealerB, customer]) {
      const denied = await server.call({
        method: 'DELETE',
        url: '/api/media/delete',
        payload: { key },
        user,
      });
      expect(denied.statusCode).toBe(404);
    }
    expect(existsSync(stored(key))).toBe(true);
    expect((await carRow(carA)).images).toEqual([key]);
    expect(
      (await server.call({ method: 'DELETE', url: '/api/media/delete', payload: { key } })).statusCode,
    ).toBe(401);
    expect(
      (await server.call({ method: 'DELETE', url: '/api/media/delete', payload: {}, user: dealerA }))
        .statusCode,
    ).toBe(400);

    const ok = await server.call({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { key },
      user: dealerA,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toEqual({ success: true, data: { key, deleted: true } });
    expect(existsSync(stored(key))).toBe(false);
    expect(await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key))).toEqual([]);
    expect((await carRow(carA)).images).toEqual([]);
    const again = await server.call({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { key },
      user: dealerA,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('car videos', () => {
  it('prepares an uploaded video in the background: processing, then ready with a poster and a delivery MP4', async () => {
    const car = await insertCar(server.ctx, dealerA.id);
    const res = await upload(dealerA, `cars/${car}`, {
      name: 'walkaround.mp4',
      content: readFileSync(videos.portrait4s),
      type: 'video/mp4',
    });
    expect(res.statusCode).toBe(200);
    const original = res.data.data.key as string;
    expect(original).toMatch(/\.mp4$/);
    expect((await carRow(car)).videoStatus).toBe('processing');
    // The client saves the key on the car right after the upload (SPEC 4 creation sequence).
    await server.ctx.db
      .update(cars)
      .set({ videos: [original] })
      .where(eq(cars.id, car));

    await server.ctx.jobs.idle();
    const row = await carRow(car);
    expect(row.videoStatus).toBe('ready');
    expect(row.videos).toHaveLength(1);
    const prepared = row.videos[0]!;
    expect(prepared).not.toBe(original);
    expect(prepared).toBe(original.replace(/\.mp4$/, '.prepared.mp4'));
    // The poster went through the photo pipeline, named after the upload: {upload}.{w}x{h}.{thumbhash}.jpg.
    expect(row.posterKey).toMatch(
      new RegExp(
        `^${original.replace(/\.mp4$/, '').replaceAll('.', '\\.')}\\.720x1280\\.[A-Za-z0-9_-]+\\.jpg$`,
      ),
    );
    // A save of the original key that arrives after the job is mapped to the prepared file.
    expect(await server.ctx.media.preferPreparedVideos([original, 'cars/x/unknown.mp4'])).toEqual([
      prepared,
      'cars/x/unknown.mp4',
    ]);
    // The same through the API: a seller who saves the original key late still gets the prepared video.
    const late = await server.call({
      method: 'PUT',
      url: `/api/cars/${car}`,
      user: dealerA,
      payload: { videos: [original] },
    });
    expect(late.statusCode).toBe(200);
    expect((await carRow(car)).videos).toEqual([prepared]);
    expect(late.data.data.videoStatus).toBe('ready');
    expect(row.posterKey).toMatch(/\.jpg$/);
    expect(readFileSync(stored(row.posterKey!)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const info = await probe('ffprobe', stored(prepared));
    expect(info).toMatchObject({
      videoCodec: 'h264',
      profile: 'High',
      pixFmt: 'yuv420p',
      width: 720,
      height: 1280,
      audioCodec: 'aac',
      audioSampleRate: 48_000,
    });
    // +faststart: the index comes before the media data.
    const head = readFileSync(stored(prepared)).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));

    const rows = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.folder, `cars/${car}`));
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['image', 'ready'],
      ['stream', 'ready'],
      ['video', 'ready'],
      ['video', 'ready'],
    ]);
  }, 180_000);

  it('refuses a 2 second clip and an audio-only file, removing what was stored', async () => {
    const car = await insertCar(server.ctx, dealerA.id);
    const short = await upload(dealerA, `cars/${car}`, {
      name: 'short.mp4',
      content: readFileSync(videos.clip2s),
    });
    expect(short.statusCode).toBe(400);
    expect(short.data.error).toBe('Video is too short: it must be at least 3 seconds long');
    const audio = await upload(dealerA, `cars/${car}`, {
      name: 'audio.mp4',
      content: readFileSync(videos.audioOnly),
    });
    expect([400, 415]).toContain(audio.statusCode);
    expect(
      await server.ctx.db
        .select()
        .from(mediaObjects)
        .where(eq(mediaObjects.folder, `cars/${car}`)),
    ).toEqual([]);
    const folder = join(server.config.dataDir, 'media', 'cars', car);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    expect((await carRow(car)).videoStatus).toBe('none');
  }, 180_000);

  it('marks the car and the file failed when a queued video cannot be prepared', async () => {
    const car = await insertCar(server.ctx, dealerA.id);
    const key = `cars/${car}/00000000-0000-4000-8000-00000000000b.mp4`;
    const garbage = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(4096, 1)]);
    await server.ctx.storage.put(key, Readable.from([garbage]), { contentType: 'video/mp4' });
    await server.ctx.db.insert(mediaObjects).values({
      key,
      ownerId: dealerA.id,
      folder: `cars/${car}`,
      kind: 'video',
      mimeType: 'video/mp4',
      size: garbage.length,
      status: 'processing',
    });
    await server.ctx.db.update(cars).set({ videoStatus: 'processing' }).where(eq(cars.id, car));
    await server.ctx.jobs.resume();
    await server.ctx.jobs.idle();
    expect((await carRow(car)).videoStatus).toBe('failed');
    const [row] = await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    expect(row?.status).toBe('failed');
  });

  it('re-queues videos left processing by a previous run', async () => {
    const car = await insertCar(server.ctx, dealerA.id);
    const key = `cars/${car}/00000000-0000-4000-8000-00000000000a.mp4`;
    await server.ctx.storage.put(key, createReadStream(videos.portrait4s), { contentType: 'video/mp4' });
    await server.ctx.db.insert(mediaObjects).values({
      key,
      ownerId: dealerA.id,
      folder: `cars/${car}`,
      kind: 'video',
      mimeType: 'video/mp4',
      size: statSync(videos.portrait4s).size,
      status: 'processing',
    });
    await server.ctx.db
      .update(cars)
      .set({ videoStatus: 'processing', videos: [key] })
      .where(eq(cars.id, car));

    // Every resume also starts the change log reader's catch-up (one job), beside this one.
    expect(await server.ctx.jobs.resume()).toBe(2);
    // One job per key: while it waits or runs, sending it again (here, a second resume) adds nothing but the catch-up.
    expect(await server.ctx.jobs.resume()).toBe(1);
    await server.ctx.jobs.idle();
    const row = await carRow(car);
    expect(row.videoStatus).toBe('ready');
    expect(row.videos[0]).not.toBe(key);
    expect(row.posterKey).toBeTruthy();
  }, 180_000);
});
