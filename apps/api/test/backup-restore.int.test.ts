import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/client.ts';
import { PHOTO_JOB } from '../src/media/photo-renditions.job.ts';
import { createTestDatabase, TEST_DIALECT } from './harness.ts';
import {
  startApiProcess,
  until,
  uploadOverHttp,
  writeTestPhoto,
  type ApiProcess,
} from './support/api-process.ts';
import { POSTGRES_ADMIN_URL } from './support/database-template.ts';
import { callApi, insertAccount, signIn } from './support/deployment.ts';
import { insertCar } from './support/fixtures.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './support/local-s3.ts';
import { S3Storage } from '../src/storage/s3.storage.ts';

/**
 * scripts/backup.sh and scripts/restore.sh as docs/DEPLOYMENT.md runs them: a site's database and media folder backed
 * up, restored into an empty database and an empty folder, and a server started on the copy serves the same cars,
 * accounts, conversations and media.
 */
const repoRoot = join(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'autoreel-backup-'));
const restoredName = `autoreel_restored_${randomBytes(6).toString('hex')}`;
const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => undefined });
const cleanup: Array<() => Promise<void>> = [];
const run = promisify(execFile);

/**
 * Runs a repository script with the server's settings in its environment; answers what it printed. Not synchronous:
 * the S3 server the bucket test copies from answers on this process's event loop.
 */
async function runScript(script: string, folder: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run('bash', [join(repoRoot, 'scripts', script), folder], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return stdout;
}

/** What a visitor and the two people see: the catalogue, a car, the buyer's conversations and a photo's bytes. */
async function siteAsSeen(server: ApiProcess, tokens: { buyer: string }, carId: string, photoKey: string) {
  const base = server.url('');
  const photo = await fetch(server.url(`/media/${photoKey}`));
  return {
    cars: (await callApi(base, '/api/cars?limit=50')).data,
    car: (await callApi(base, `/api/cars/${carId}`)).data,
    conversations: (await callApi(base, '/api/messages/conversations', { token: tokens.buyer })).data,
    photo: { status: photo.status, bytes: Buffer.from(await photo.arrayBuffer()).toString('base64') },
  };
}

describe.skipIf(TEST_DIALECT !== 'postgres')('backup and restore', { timeout: 240_000 }, () => {
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    await admin.unsafe(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores the cars, accounts, conversations and media into an empty database and media folder', async () => {
    const source = await createTestDatabase();
    cleanup.push(() => source.drop());
    const db = source.handle.db;
    const siteDir = join(scratch, 'site');
    const restoredDir = join(scratch, 'restored');
    const backupDir = join(scratch, 'backup');
    const secret = randomBytes(32).toString('hex');
    const seller = await insertAccount(db, 'Sipho Seller');
    const buyer = await insertAccount(db, 'Bongi Buyer');
    const carId = await insertCar({ db }, seller.id);

    const site = await startApiProcess({
      DATABASE_URL: source.url!,
      JWT_SECRET: secret,
      AUTOREEL_DATA_DIR: siteDir,
    });
    cleanup.push(() => site.stop());
    const base = site.url('');
    const sellerToken = await signIn(base, seller);
    const buyerToken = await signIn(base, buyer);
    const photoPath = writeTestPhoto(scratch);
    const photo = await uploadOverHttp(site, sellerToken, `cars/${carId}`, photoPath);
    expect(photo.status).toBe(200);
    const sent = await callApi(base, '/api/messages/send', {
      token: buyerToken,
      body: { receiverId: seller.id, message: 'Is the Hilux still for sale?', messageType: 'text', carId },
    });
    expect(sent).toMatchObject({ status: 201 });
    // The photo's renditions are made by a job: wait for them, so the backup holds a settled site.
    await until(
      'the photo renditions',
      async () => {
        const [row] = resultRows<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from pgboss.job
            where name = ${PHOTO_JOB} and state in ('created', 'retry', 'active')`),
        );
        return row?.n === 0 ? true : undefined;
      },
      60_000,
    );
    const before = await siteAsSeen(site, { buyer: buyerToken }, carId, photo.key);
    expect(before.cars.data.cars.map((car: { id: string }) => car.id)).toContain(carId);
    expect(before.conversations.data.conversations).toHaveLength(1);
    expect(before.photo.status).toBe(200);
    await site.stop();

    const backedUp = await runScript('backup.sh', backupDir, {
      DATABASE_URL: source.url!,
      AUTOREEL_DATA_DIR: siteDir,
    });
    expect(backedUp).toContain(`backup: wrote ${backupDir}`);

    await admin.unsafe(`create database ${restoredName}`);
    const restoredUrl = new URL(POSTGRES_ADMIN_URL);
    restoredUrl.pathname = `/${restoredName}`;
    const target = { DATABASE_URL: restoredUrl.toString(), AUTOREEL_DATA_DIR: restoredDir };
    expect(await runScript('restore.sh', backupDir, target)).toContain('restore: restored');
    // A second restore over the restored site is refused rather than mixed into it.
    await expect(runScript('restore.sh', backupDir, target)).rejects.toThrow(/already has \d+ tables/);

    // The schema came with the dump: the restored server starts without migrating.
    const restored = await startApiProcess({ ...target, JWT_SECRET: secret, MIGRATE_ON_START: '0' });
    cleanup.push(() => restored.stop());
    const restoredBase = restored.url('');
    // The accounts sign in with their passwords again.
    const buyerAgain = await signIn(restoredBase, buyer);
    expect(await signIn(restoredBase, seller)).toEqual(expect.any(String));
    const after = await siteAsSeen(restored, { buyer: buyerAgain }, carId, photo.key);
    expect(after).toEqual(before);
  });

  it('copies a media bucket into the backup and back into an empty bucket, with its content types', async () => {
    const source = await createTestDatabase();
    cleanup.push(() => source.drop());
    const s3 = await startLocalS3('autoreel-media');
    cleanup.push(() => s3.close());
    const bucketEnv = (bucket: string) => ({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    });
    const storage = (bucket: string) =>
      new S3Storage({ endpoint: s3.endpoint, bucket, region: 'us-east-1', ...LOCAL_S3_CREDENTIALS });
    const photo = randomBytes(4096);
    await storage('autoreel-media').put('cars/abc/front.jpg', Readable.from(photo), {
      contentType: 'image/jpeg',
    });
    const backupDir = join(scratch, 'bucket-backup');
    await runScript('backup.sh', backupDir, { DATABASE_URL: source.url!, ...bucketEnv('autoreel-media') });

    const emptyName = `${restoredName}_bucket`;
    await admin.unsafe(`create database ${emptyName}`);
    cleanup.push(async () => void (await admin.unsafe(`drop database if exists ${emptyName} with (force)`)));
    const emptyUrl = new URL(POSTGRES_ADMIN_URL);
    emptyUrl.pathname = `/${emptyName}`;
    await new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    }).send(new CreateBucketCommand({ Bucket: 'autoreel-restored' }));
    const restoredOutput = await runScript('restore.sh', backupDir, {
      DATABASE_URL: emptyUrl.toString(),
      ...bucketEnv('autoreel-restored'),
    });
    expect(restoredOutput).toContain('media-bucket: uploaded 1 objects');
    const copy = await storage('autoreel-restored').createReadStream('cars/abc/front.jpg');
    expect(Buffer.concat(await copy.toArray())).toEqual(photo);
    const head = await new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    }).send(new HeadObjectCommand({ Bucket: 'autoreel-restored', Key: 'cars/abc/front.jpg' }));
    expect(head.ContentType).toBe('image/jpeg');
  });
});
