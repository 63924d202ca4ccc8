import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { PHOTO_JOB } from '../src/media/photo-renditions.job.ts';
import { createTestDatabase, TEST_DIALECT } from './harness.ts';
import { startApiProcess, until, uploadOverHttp, writeTestPhoto } from './support/api-process.ts';
import { insertAccount, signIn } from './support/deployment.ts';
import { insertCar } from './support/fixtures.ts';

/**
 * The two roles apart: an API process with RUN_JOBS=0 queues a photo's renditions and runs none; the job worker
 * (`npm run worker`, no listener) takes the job from the shared queue and finishes it.
 */
const workerScript = join(import.meta.dirname, '../src/worker.ts');

describe.skipIf(TEST_DIALECT !== 'postgres')(
  'the job worker beside an API without jobs',
  { timeout: 180_000 },
  () => {
    const cleanup: Array<() => Promise<void> | void> = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    it("leaves the API's queued job to the worker, which does it", async () => {
      const database = await createTestDatabase();
      cleanup.push(() => database.drop());
      const dataDir = mkdtempSync(join(tmpdir(), 'autoreel-worker-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const db = database.handle.db;
      const env = {
        DATABASE_URL: database.url!,
        JWT_SECRET: randomBytes(32).toString('hex'),
        AUTOREEL_DATA_DIR: dataDir,
        JOB_HEARTBEAT_SECONDS: '10',
      };
      const api = await startApiProcess({ ...env, RUN_JOBS: '0' });
      cleanup.push(() => api.stop());
      const seller = await insertAccount(db, 'Sipho Seller');
      const carId = await insertCar({ db }, seller.id);
      const photoPath = writeTestPhoto(dataDir);
      const token = await signIn(api.url(''), seller);
      expect((await uploadOverHttp(api, token, `cars/${carId}`, photoPath)).status).toBe(200);

      const photoJobs = async () =>
        resultRows<{ state: string }>(
          await db.execute(sql`select state from pgboss.job where name = ${PHOTO_JOB}`),
        );
      // Queued, and still waiting a while later: the API process takes no jobs.
      expect((await photoJobs()).map((job) => job.state)).toEqual(['created']);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await photoJobs()).map((job) => job.state)).toEqual(['created']);

      const worker = spawn(process.execPath, [workerScript], {
        env: { PATH: process.env['PATH'], ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
      cleanup.push(async () => {
        if (worker.exitCode === null) worker.kill('SIGKILL');
        await exited;
      });
      await until(
        'the worker to finish the job',
        async () => ((await photoJobs()).every((job) => job.state === 'completed') ? true : undefined),
        60_000,
      );
      expect(output).toContain('AutoReel job worker is running');
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  },
);
