import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '@autoreel/video';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { cars, mediaObjects } from '../src/db/schema/index.ts';
import { preparedVideoKey } from '../src/media/car-video-preparation.ts';
import { storedKeysOf } from '../src/media/media-url.ts';
import { VIDEO_JOB } from '../src/media/video-job.queue.ts';
import { createTestDatabase, TEST_DIALECT } from './harness.ts';
import {
  ffmpegChildren,
  startApiProcess,
  until,
  uploadOverHttp,
  type ApiProcess,
} from './support/api-process.ts';
import { insertCar, insertSignedInUser, makePortraitVideo } from './support/fixtures.ts';

/** Whether a process still runs (signal 0 only checks). */
function isAlive(server: { pid: number }): boolean {
  try {
    process.kill(server.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two real API processes on one Postgres share the video jobs: the one that took a job is killed with SIGKILL in
 * the middle of its transcode, and the other finishes the job, once. One stopped by SIGTERM hands its job over at
 * once.
 */
/** Whether the process logged the job's result for this upload ('video prepared', written by the run that won). */
function preparedIn(server: ApiProcess, key: string): boolean {
  return server
    .output()
    .split('\n')
    .some((line) => line.includes('video prepared') && line.includes(key));
}

describe.skipIf(TEST_DIALECT !== 'postgres')('video jobs across two API processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let processes: ApiProcess[] = [];
  let video: string;
  let secret: string;
  let shared: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One media store for both, as a shared disk or bucket would be.
    dataDir = mkdtempSync(join(tmpdir(), 'autoreel-jobs-'));
    video = makePortraitVideo(join(dataDir, 'walkaround-source.mp4'), 15);
    secret = randomBytes(32).toString('hex');
    shared = {
      DATABASE_URL: database.url ?? '',
      JWT_SECRET: secret,
      AUTOREEL_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JOB_HEARTBEAT_SECONDS: '10',
    };
    // One after the other: the first applies the migrations.
    processes = [await startApiProcess(shared), await startApiProcess(shared)];
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a video whose worker was killed mid-transcode on the other process, once', async () => {
    const db = database.handle.db;
    const seller = await insertSignedInUser(db, secret);
    const car = await insertCar({ db }, seller.id);

    const answer = await uploadOverHttp(processes[0]!, seller.token, `cars/${car}`, video);
    expect(answer.status).toBe(200);
    const key = answer.key;
    const preparedKey = preparedVideoKey(key);

    // Whichever process took the job is transcoding: let it get going, then kill it as a crash would.
    const pids = processes.map((server) => server.pid);
    const transcoding = await until('a transcode', () => ffmpegChildren(pids).find(() => true), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ffmpegChildren(pids).map((child) => child.pid)).toContain(transcoding.pid);
    const crashed = processes.find((server) => server.pid === transcoding.parent)!;
    const survivor = processes.find((server) => server !== crashed)!;
    process.kill(crashed.pid, 'SIGKILL');
    // Its ffmpeg goes with it, as in a container whose main process dies.
    try {
      process.kill(transcoding.pid, 'SIGKILL');
    } catch {
      // already gone with its parent's pipes
    }
    const [before] = await db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
    expect(before?.status).toBe('processing');

    // The survivor takes the job over once its heartbeat is stale (10 s, checked every 10 s) and prepares it.
    await until(
      'the video to be ready',
      async () => {
        const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.key, key));
        return row?.status === 'ready' ? row : undefined;
      },
      150_000,
    );
    const [carRow] = await db.select().from(cars).where(eq(cars.id, car));
    expect(carRow?.videoStatus).toBe('ready');
    expect(carRow?.videos).toEqual([preparedKey]);
    // The poster is the server's (the upload is not prepared), through the photo pipeline: a photo's renditions.
    const posterKey = carRow!.posterKey!;
    expect(storedKeysOf(posterKey).length).toBeGreaterThan(1);

    // Done once: one job, completed on its second run, nothing given up; one prepared file and one poster.
    // The queue records the job done once the run returns, a moment after its last write.
    const jobs = await until(
      'the job to be completed',
      async () => {
        const rows = resultRows<{ state: string; retry_count: number }>(
          await db.execute(
            sql`select state, retry_count from pgboss.job where name = ${VIDEO_JOB} and singleton_key = ${key}`,
          ),
        );
        return rows.some((row) => row.state === 'active') ? undefined : rows;
      },
      10_000,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    const givenUp = resultRows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${`${VIDEO_JOB}.given-up`}`,
      ),
    );
    expect(givenUp[0]?.n).toBe(0);
    const folder = join(dataDir, 'media', 'cars', car);
    // Beside them, one ladder (HLS) folder with every file its master names.
    const streamKey = carRow!.videoStreams[preparedKey]!;
    const ladderFolder = streamKey.split('/').at(-2)!;
    expect(readdirSync(folder).sort()).toEqual(
      [...[key, preparedKey, ...storedKeysOf(posterKey)].map((k) => k.split('/').pop()), ladderFolder].sort(),
    );
    expect(readdirSync(join(folder, ladderFolder)).sort()).toEqual(
      storedKeysOf(streamKey)
        .map((k) => k.split('/').pop())
        .sort(),
    );
    const rows = await db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.folder, `cars/${car}`));
    expect(rows.map((row) => [row.key, row.status]).sort()).toEqual(
      [
        [key, 'ready'],
        [posterKey, 'ready'],
        [preparedKey, 'ready'],
        [streamKey, 'ready'],
      ].sort(),
    );
    const prepared = await probe('ffprobe', join(dataDir, 'media', preparedKey));
    expect(prepared.videoCodec).toBe('h264');
    expect(prepared.durationSec).toBeGreaterThan(14);
    // Only the survivor recorded the result; the killed process never got that far.
    const logged = (server: ApiProcess) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('video prepared') && line.includes(key));
    expect(logged(survivor)).toHaveLength(1);
    expect(logged(crashed)).toHaveLength(0);
  }, 300_000);

  it('hands a job whose process is stopped by SIGTERM mid-transcode to the other process at once', async () => {
    const db = database.handle.db;
    const seller = await insertSignedInUser(db, secret);
    const car = await insertCar({ db }, seller.id);
    // The survivor of the test above, and a new process beside it.
    processes.push(await startApiProcess(shared));
    const live = processes.filter(isAlive);
    expect(live).toHaveLength(2);

    const answer = await uploadOverHttp(live[0]!, seller.token, `cars/${car}`, video);
    expect(answer.status).toBe(200);
    const transcoding = await until(
      'a transcode',
      () => ffmpegChildren(live.map((server) => server.pid))[0],
      60_000,
    );
    const stopped = live.find((server) => server.pid === transcoding.parent)!;
    const other = live.find((server) => server !== stopped)!;
    // SIGTERM aborts the run (its ffmpeg is killed), stops the workers and closes the queue: the process exits
    // on its own, promptly, and its job is failed at once rather than after a stale heartbeat.
    process.kill(stopped.pid, 'SIGTERM');
    await until('the stopped process to exit', () => (isAlive(stopped) ? undefined : true), 20_000);
    expect(isAlive({ pid: transcoding.pid })).toBe(false);

    await until(
      'the other process to prepare it',
      () => (preparedIn(other, answer.key) ? true : undefined),
      150_000,
    );
    const jobs = await until(
      'the job to be completed',
      async () => {
        const rows = resultRows<{ state: string; retry_count: number }>(
          await db.execute(
            sql`select state, retry_count from pgboss.job where name = ${VIDEO_JOB} and singleton_key = ${answer.key}`,
          ),
        );
        return rows.some((row) => row.state === 'active') ? undefined : rows;
      },
      10_000,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    const [carRow] = await db.select().from(cars).where(eq(cars.id, car));
    expect(carRow?.videoStatus).toBe('ready');
    expect(preparedIn(stopped, answer.key)).toBe(false);
    expect(stopped.output()).not.toMatch(/job queue error/);

    process.kill(other.pid, 'SIGTERM');
    await until('the other process to exit', () => (isAlive(other) ? undefined : true), 20_000);
    expect(other.output()).not.toMatch(/job queue error/);
  }, 300_000);
});
