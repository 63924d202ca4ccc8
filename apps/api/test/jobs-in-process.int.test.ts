import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '@autoreel/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { preparedVideoKey } from '../src/media/car-video-preparation.ts';
import { TEST_DIALECT } from './harness.ts';
import {
  ffmpegChildren,
  startApiProcess,
  until,
  uploadOverHttp,
  type ApiProcess,
} from './support/api-process.ts';
import { insertCar, insertSignedInUser, makePortraitVideo } from './support/fixtures.ts';

/**
 * A server on PGlite runs its jobs in its own process. Killed with SIGKILL in the middle of a transcode, it loses
 * the job from memory; the next start on the same data folder finds the video still 'processing' in the database
 * and prepares it, once.
 */
describe.skipIf(TEST_DIALECT !== 'pglite')('video jobs of a PGlite server across a crash', () => {
  let dataDir: string;
  let video: string;
  let seller: { id: string; token: string };
  let car: string;
  const secret = randomBytes(32).toString('hex');
  const running: ApiProcess[] = [];
  const start = async () => {
    const server = await startApiProcess({
      AUTOREEL_DATA_DIR: dataDir,
      JWT_SECRET: secret,
      LOG_LEVEL: 'info',
    });
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'autoreel-jobs-pglite-'));
    video = makePortraitVideo(join(dataDir, 'walkaround-source.mp4'), 15);
    // The account and the car are written before the server opens the data folder (PGlite has one owner).
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    seller = await insertSignedInUser(database.db, secret);
    car = await insertCar({ db: database.db }, seller.id);
    await database.close();
  }, 120_000);

  afterAll(async () => {
    for (const server of running) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes a video job after the server is killed mid-transcode, and prepares it once', async () => {
    const first = await start();
    const answer = await uploadOverHttp(first, seller.token, `cars/${car}`, video);
    expect(answer.status).toBe(200);
    const preparedKey = preparedVideoKey(answer.key);

    const transcoding = await until('a transcode', () => ffmpegChildren([first.pid])[0], 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    process.kill(first.pid, 'SIGKILL');
    try {
      process.kill(transcoding.pid, 'SIGKILL');
    } catch {
      // already gone with its parent's pipes
    }
    await first.stop();
    const folder = join(dataDir, 'media', 'cars', car);
    expect(readdirSync(folder)).toEqual([answer.key.split('/').pop()]);

    const second = await start();
    const ready = await until(
      'the video to be ready',
      async () => {
        const res = await fetch(second.url(`/api/cars/${car}`));
        const body = (await res.json()) as { data: { videoStatus: string; videos: string[] } };
        return body.data.videoStatus === 'ready' ? body.data : undefined;
      },
      150_000,
    );
    expect(ready.videos).toEqual([`/media/${preparedKey}`]);
    // The ladder (HLS), made once: one folder.
    const files = readdirSync(folder);
    expect(files.filter((name) => /\.hls-\d+x\d+$/.test(name))).toHaveLength(1);
    // The poster the server took, stored as a photo's renditions.
    const posters = files.filter(
      (name) => ![answer.key, preparedKey].some((k) => k.endsWith(name)) && !/\.hls-\d+x\d+$/.test(name),
    );
    expect(posters.length).toBeGreaterThan(1);
    expect(posters.every((name) => /\.(avif|webp|jpg)$/.test(name))).toBe(true);
    const prepared = await probe('ffprobe', join(dataDir, 'media', preparedKey));
    expect(prepared.videoCodec).toBe('h264');
    expect(prepared.durationSec).toBeGreaterThan(14);
    // The job's last step (and its log line) comes a moment after the car's.
    const preparedLine = (line: string) => line.includes('video prepared') && line.includes(answer.key);
    const lines = await until(
      'the job to finish',
      () => {
        const output = second.output().split('\n');
        return output.some(preparedLine) ? output : undefined;
      },
      10_000,
    );
    expect(lines.filter((line) => line.includes('resumed unfinished jobs'))).toHaveLength(1);
    expect(lines.filter(preparedLine)).toHaveLength(1);
  }, 300_000);
});
