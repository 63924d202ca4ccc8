import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoStream } from '@autoreel/core';
import { cars, mediaObjects } from '../src/db/schema/index.ts';
import { storedKeysOf } from '../src/media/media-url.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { insertCar, makeVideos } from './support/fixtures.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './support/local-s3.ts';
import { uploadFile } from './support/upload.ts';

/**
 * An uploaded car video gets its adaptive ladder (HLS, fMP4 segments) through the job queue (in-process on PGlite,
 * pg-boss on Postgres), stored through the storage port (local disk and S3) and served with the right types and
 * caching; car answers name it beside the MP4. Real ffmpeg, real storage.
 */
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let video: Buffer;
beforeAll(() => {
  video = readFileSync(makeVideos().portrait4s);
}, 60_000);

describe.each(['local', 's3'] as const)('a car video on %s storage', { timeout: 240_000 }, (storage) => {
  let server: TestServer;
  let dealer: TestUser;
  let s3: Awaited<ReturnType<typeof startLocalS3>> | undefined;

  beforeAll(async () => {
    if (storage === 's3') s3 = await startLocalS3('autoreel-ladder');
    server = await createTestServer(
      s3
        ? {
            config: {
              mediaStorage: 's3',
              s3: {
                endpoint: s3.endpoint,
                bucket: 'autoreel-ladder',
                region: 'us-east-1',
                ...LOCAL_S3_CREDENTIALS,
              },
            },
          }
        : {},
    );
    dealer = await server.createUser({ role: 'dealer', name: 'Ladder Motors' });
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  it('gets its ladder through the job queue, named in car answers and served with the right headers', async () => {
    const car = await insertCar(server.ctx, dealer.id);
    const upload = await uploadFile(server, dealer, `cars/${car}`, {
      name: 'walkaround.mp4',
      content: video,
      type: 'video/mp4',
    });
    expect(upload.statusCode).toBe(200);
    await server.ctx.jobs.idle();

    const [row] = await server.ctx.db.select().from(cars).where(eq(cars.id, car));
    expect(row!.videoStatus).toBe('ready');
    const delivered = row!.videos[0]!;
    const streamKey = row!.videoStreams[delivered]!;
    // A 4 s 1080x1920 phone clip: three renditions of two 2 s segments.
    expect(streamKey).toMatch(/\.hls-3x2\/master\.m3u8$/);
    const [streamRow] = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.key, streamKey));
    expect(streamRow).toMatchObject({
      kind: 'stream',
      status: 'ready',
      ownerId: dealer.id,
      folder: `cars/${car}`,
    });
    for (const key of storedKeysOf(streamKey)) expect(await server.ctx.storage.exists(key), key).toBe(true);

    // The car answer names the master playlist beside the MP4, same order as `videos`.
    const answer = await server.call({ method: 'GET', url: `/api/cars/${car}` });
    const data = answer.data.data as { videos: string[]; videoStreams: (VideoStream | null)[] };
    expect(data.videos).toEqual([`/media/${delivered}`]);
    const folder = `/media/${streamKey.slice(0, streamKey.lastIndexOf('/'))}`;
    expect(data.videoStreams).toEqual([
      {
        master: `/media/${streamKey}`,
        lowest: `${folder}/r0.m3u8`,
        preload: [`${folder}/r0.init.mp4`, `${folder}/r0.s0.m4s`],
      },
    ]);
    const stream = data.videoStreams[0]!;

    // Playlists: the HLS type, a short cache life.
    const master = await server.call({ method: 'GET', url: stream.master });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe(PLAYLIST_TYPE);
    expect(master.headers['cache-control']).toBe('public, max-age=300');
    const variants = [...master.payload.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((v) => v[2])).toEqual(['r0.m3u8', 'r1.m3u8', 'r2.m3u8']);
    expect(variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v[1]!)?.[1])).toEqual([
      '270x480',
      '480x854',
      '720x1280',
    ]);
    for (const v of variants) expect(v[1]).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,.*CODECS="avc1\./);

    // Every file a media playlist names resolves next to it; segments are fMP4 served as video/mp4, immutable.
    for (let i = 0; i < 3; i++) {
      const playlist = await server.call({ method: 'GET', url: `${folder}/r${i}.m3u8` });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toBe(PLAYLIST_TYPE);
      const names = [
        /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.payload)![1]!,
        ...playlist.payload.split('\n').filter((line) => line && !line.startsWith('#')),
      ];
      expect(names).toEqual([`r${i}.init.mp4`, `r${i}.s0.m4s`, `r${i}.s1.m4s`]);
      for (const name of names) {
        const file = await server.call({ method: 'GET', url: `${folder}/${name}` });
        expect(file.statusCode, name).toBe(200);
        expect(file.headers['content-type'], name).toBe('video/mp4');
        expect(file.headers['cache-control'], name).toBe(IMMUTABLE);
        // fMP4: an init segment opens with ftyp, a media segment with styp or moof.
        const box = file.rawPayload.subarray(4, 8).toString('latin1');
        expect(name.endsWith('.init.mp4') ? ['ftyp'] : ['styp', 'moof']).toContain(box);
      }
    }

    // Deleting the video (the upload and its prepared MP4) takes the ladder with it, and the answer forgets it.
    await server.ctx.media.deleteMediaKeys([upload.data.data.key as string, delivered]);
    for (const key of storedKeysOf(streamKey)) expect(await server.ctx.storage.exists(key), key).toBe(false);
    const [after] = await server.ctx.db.select().from(cars).where(eq(cars.id, car));
    expect(after!.videoStreams).toEqual({});
    expect(await server.ctx.db.select().from(mediaObjects).where(eq(mediaObjects.key, streamKey))).toEqual(
      [],
    );
  });
});
