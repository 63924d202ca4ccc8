import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../src/db/schema/index.ts';
import { photoRenditionKey } from '../src/media/media-url.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, makeVideos, PNG_1X1 } from './support/fixtures.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './support/local-s3.ts';
import { uploadFile } from './support/upload.ts';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let server: TestServer;
let dealer: TestUser;

beforeAll(async () => {
  s3 = await startLocalS3('autoreel-test');
  server = await createTestServer({
    config: {
      mediaStorage: 's3',
      s3: { endpoint: s3.endpoint, bucket: 'autoreel-test', region: 'us-east-1', ...LOCAL_S3_CREDENTIALS },
    },
  });
  dealer = await server.createUser({ role: 'dealer' });
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

function upload(folder: string, name: string, content: Buffer) {
  return uploadFile(server, dealer, folder, { name, content });
}

describe('media on S3-compatible storage (MEDIA_STORAGE=s3)', () => {
  it('stores uploads in the bucket and serves them at /media', async () => {
    expect(server.ctx.storage.kind).toBe('s3');
    const car = await insertCar(server.ctx, dealer.id);
    const res = await upload(`cars/${car}`, 'a.png', PNG_1X1);
    expect(res.statusCode).toBe(200);
    const { key } = res.data.data;
    expect(await server.ctx.storage.exists(key)).toBe(true);
    const file = await server.call({ method: 'GET', url: `/media/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The AVIF renditions are a job's (on Postgres any process's): until it has run the URL redirects to the JPEG.
    const avifUrl = photoRenditionKey(`/media/${key}`, 1, 'avif');
    let avif = await server.call({ method: 'GET', url: avifUrl });
    for (let waited = 0; avif.statusCode === 307 && waited < 30_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      avif = await server.call({ method: 'GET', url: avifUrl });
    }
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await server.call({ method: 'GET', url: `/media/cars/${car}/missing.png` })).statusCode).toBe(
      404,
    );

    const deleted = await server.call({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { key },
      user: dealer,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await server.ctx.storage.exists(key)).toBe(false);
    expect(await server.ctx.storage.exists(photoRenditionKey(key, 1, 'webp'))).toBe(false);
  });

  it('checks and prepares a video read back from the bucket', async () => {
    const videos = makeVideos();
    const car = await insertCar(server.ctx, dealer.id);
    const short = await upload(`cars/${car}`, 'short.mp4', readFileSync(videos.clip2s));
    expect(short.statusCode).toBe(400);
    const res = await upload(`cars/${car}`, 'walkaround.mp4', readFileSync(videos.portrait4s));
    expect(res.statusCode).toBe(200);
    await server.ctx.jobs.idle();
    const [row] = await server.ctx.db.select().from(cars).where(eq(cars.id, car));
    expect(row?.videoStatus).toBe('ready');
    expect(await server.ctx.storage.exists(row!.videos[0]!)).toBe(true);
    expect(await server.ctx.storage.exists(row!.posterKey!)).toBe(true);
  }, 180_000);
});
