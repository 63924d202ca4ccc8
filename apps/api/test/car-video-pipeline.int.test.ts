import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDelivery, DELIVERY_POLICY, type Photo } from '@autoreel/core';
import { prepareVideo, probe, resolveFfmpegBinaries } from '@autoreel/video';
import { cars, mediaObjects } from '../src/db/schema/index.ts';
import { storedKeysOf } from '../src/media/media-url.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, makeVideos } from './support/fixtures.ts';
import { uploadFile } from './support/upload.ts';

/**
 * The server's half of the one video pipeline: a video the console prepared (through the same prepareVideo, with
 * its tighter bitrate cap) is only checked and served as uploaded, with the console's poster; a raw phone video is
 * transcoded even when it comes with a poster. Real ffmpeg, sharp and storage.
 */
let server: TestServer;
let dealer: TestUser;
let otherDealer: TestUser;
let dir: string;
let phoneVideo: string;
let consoleVideo: Buffer;
let consolePoster: Buffer;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await server.createUser({ role: 'dealer', name: 'Pipeline Motors' });
  otherDealer = await server.createUser({ role: 'dealer', name: 'Other Motors' });
  dir = mkdtempSync(join(tmpdir(), 'autoreel-console-upload-'));
  phoneVideo = makeVideos().portrait4s;
  // What the console does before upload: the same pipeline, with its 2.3 Mbit/s cap (DESKTOP_POLICY).
  const prepared = await prepareVideo({
    input: phoneVideo,
    output: join(dir, 'walkaround.mp4'),
    posterOutput: join(dir, 'walkaround.jpg'),
    binaries: resolveFfmpegBinaries(),
    policy: { ...DELIVERY_POLICY, maxBitrateKbps: 2_300 },
  });
  expect(prepared.action).toBe('transcoded');
  consoleVideo = readFileSync(prepared.delivered);
  // A poster carrying a location, so the test sees the server strip it.
  consolePoster = await sharp(readFileSync(prepared.poster!))
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 19/1 4711/100' } })
    .jpeg()
    .toBuffer();
}, 180_000);

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const stored = (key: string) => join(server.config.dataDir, 'media', key);

async function carRow(id: string) {
  const [row] = await server.ctx.db.select().from(cars).where(eq(cars.id, id));
  return row!;
}

const folderRows = (car: string) =>
  server.ctx.db
    .select()
    .from(mediaObjects)
    .where(eq(mediaObjects.folder, `cars/${car}`));

async function uploadPoster(user: TestUser, car: string, content: Buffer): Promise<string> {
  const res = await uploadFile(server, user, `cars/${car}`, {
    name: 'poster.jpg',
    content,
    type: 'image/jpeg',
  });
  expect(res.statusCode).toBe(200);
  return res.data.data.key as string;
}

function uploadVideo(user: TestUser, car: string, content: Buffer, fields: Record<string, string> = {}) {
  return uploadFile(
    server,
    user,
    `cars/${car}`,
    { name: 'walkaround.mp4', content, type: 'video/mp4' },
    fields,
  );
}

/** Every rendition of a photo answer, fetched from /media as a browser would. */
async function servedRenditions(photo: Photo): Promise<Buffer[]> {
  const urls = [photo.srcset!, ...photo.sources!.map((s) => s.srcset)].flatMap((srcset) =>
    srcset.split(', ').map((entry) => entry.split(' ')[0]!),
  );
  expect(urls.length).toBeGreaterThanOrEqual(9);
  return Promise.all(
    urls.map(async (url) => {
      const res = await server.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.rawPayload;
    }),
  );
}

describe('a car video prepared by the console', { timeout: 180_000 }, () => {
  it('is only checked: served as uploaded, no second encode, with the console poster kept and stripped', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    // The poster as sent carries an EXIF block with a GPS position.
    expect((await sharp(consolePoster).metadata()).exif).toBeDefined();
    const posterKey = await uploadPoster(dealer, car, consolePoster);
    const res = await uploadVideo(dealer, car, consoleVideo, { poster: posterKey });
    expect(res.statusCode).toBe(200);
    const key = res.data.data.key as string;
    await server.ctx.jobs.idle();

    const row = await carRow(car);
    expect(row.videoStatus).toBe('ready');
    // The upload itself is the delivered file, byte for byte: nothing was remuxed or re-encoded.
    expect(row.videos).toEqual([key]);
    expect(readFileSync(stored(key)).equals(consoleVideo)).toBe(true);
    // Beside it, only the poster and the ladder the server made from it (HLS, one row for all its files).
    const stream = row.videoStreams[key]!;
    expect(stream).toMatch(/\.hls-3x2\/master\.m3u8$/);
    expect((await folderRows(car)).map((r) => r.key).sort()).toEqual([key, posterKey, stream].sort());
    expect(row.posterKey).toBe(posterKey);

    // The poster is served like any photo: renditions in three formats and a placeholder, none with metadata.
    const answer = await server.call({ method: 'GET', url: `/api/cars/${car}` });
    const posterPhoto = answer.data.data.posterPhoto as Photo;
    expect(posterPhoto).toMatchObject({ width: 720, height: 1280 });
    expect(posterPhoto.placeholder).toBeTruthy();
    for (const body of await servedRenditions(posterPhoto)) {
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(body.includes('Exif\0')).toBe(false);
    }
  });
});

describe('a car video that does not meet the rule', { timeout: 180_000 }, () => {
  it('is transcoded even when it comes with a poster, and gets the server poster instead', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const claimed = await uploadPoster(dealer, car, consolePoster);
    const res = await uploadVideo(dealer, car, readFileSync(phoneVideo), { poster: claimed });
    expect(res.statusCode).toBe(200);
    const key = res.data.data.key as string;
    await server.ctx.jobs.idle();

    const row = await carRow(car);
    expect(row.videoStatus).toBe('ready');
    const delivered = row.videos[0]!;
    expect(delivered).toBe(key.replace(/\.mp4$/, '.prepared.mp4'));
    const info = await probe('ffprobe', stored(delivered));
    expect(info).toMatchObject({ width: 720, height: 1280, audioSampleRate: 48_000 });
    expect(decideDelivery(info)).toEqual({ action: 'check', reasons: [] });

    // The server's own poster, named after the upload; the claimed one is gone with its files.
    expect(row.posterKey).not.toBe(claimed);
    expect(row.posterKey!.startsWith(key.replace(/\.mp4$/, '.720x1280.'))).toBe(true);
    const keys = (await folderRows(car)).map((r) => r.key);
    expect(keys).not.toContain(claimed);
    for (const file of storedKeysOf(claimed)) expect(await server.ctx.storage.exists(file)).toBe(false);
    const posterBody = readFileSync(stored(row.posterKey!));
    expect((await sharp(posterBody).metadata()).exif).toBeUndefined();
  });
});

describe('the poster field', () => {
  it('names a photo of the same car by the same seller, or the upload is refused and nothing is stored', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const otherCar = await insertCar(server.ctx, dealer.id);
    const foreignCar = await insertCar(server.ctx, otherDealer.id);
    const otherCarsPoster = await uploadPoster(dealer, otherCar, consolePoster);
    const foreignPoster = await uploadPoster(otherDealer, foreignCar, consolePoster);
    const ownPoster = await uploadPoster(dealer, car, consolePoster);
    const before = (await folderRows(car)).length;

    for (const poster of [otherCarsPoster, foreignPoster, 'cars/nope/unknown.jpg', 'x'.repeat(600)]) {
      const res = await uploadVideo(dealer, car, consoleVideo, { poster });
      expect(res.statusCode, poster.slice(0, 60)).toBe(400);
      expect(res.data.errors).toEqual([
        { field: 'poster', message: 'The poster must be a photo uploaded to this car' },
      ]);
    }
    // A poster goes with a video only.
    const photo = await uploadFile(
      server,
      dealer,
      `cars/${car}`,
      { name: 'photo.jpg', content: consolePoster, type: 'image/jpeg' },
      { poster: ownPoster },
    );
    expect(photo.statusCode).toBe(400);
    expect(photo.data.errors).toEqual([{ field: 'poster', message: 'Only a car video can have a poster' }]);
    expect((await folderRows(car)).length).toBe(before);
    expect((await carRow(car)).videoStatus).toBe('none');
  });
});
