import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/storage/local-disk.storage.ts';
import type { MediaStorage } from '../src/storage/media-storage.ts';
import { S3Storage } from '../src/storage/s3.storage.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from './support/local-s3.ts';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
const adapters: Record<string, () => MediaStorage> = {};

beforeAll(async () => {
  s3 = await startLocalS3('autoreel-media');
  adapters['local disk'] = () => new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'media-')));
  adapters['s3'] = () =>
    new S3Storage({
      endpoint: s3.endpoint,
      bucket: 'autoreel-media',
      region: 'us-east-1',
      ...LOCAL_S3_CREDENTIALS,
    });
});
afterAll(() => s3.close());

describe.each(['local disk', 's3'])('%s storage', (name) => {
  it('stores a stream, reads it back, says it exists, deletes it', async () => {
    const storage = adapters[name]!();
    const body = randomBytes(300_000);
    const key = 'cars/4f0c1a9e-1111-4222-8333-444455556666/a.jpg';
    expect(await storage.exists(key)).toBe(false);
    expect(
      await storage.put(key, Readable.from([body.subarray(0, 1000), body.subarray(1000)]), {
        contentType: 'image/jpeg',
      }),
    ).toEqual({
      size: body.length,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await buffer(await storage.createReadStream(key))).toEqual(body);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting a missing key is not an error
    await expect(storage.createReadStream(key)).rejects.toThrow();
  });

  it('streams a large file in parts without holding it whole', async () => {
    const storage = adapters[name]!();
    const chunk = randomBytes(1024 * 1024);
    const parts = 12; // 12MB: more than one 8MB part
    const key = 'demo/videos/large.mp4';
    const { size } = await storage.put(key, Readable.from(Array.from({ length: parts }, () => chunk)), {
      contentType: 'video/mp4',
    });
    expect(size).toBe(parts * chunk.length);
    const back = await buffer(await storage.createReadStream(key));
    expect(back.length).toBe(parts * chunk.length);
    expect(back.subarray(0, chunk.length)).toEqual(chunk);
  });

  it('refuses keys that could escape the media root', async () => {
    const storage = adapters[name]!();
    for (const key of ['../etc/passwd', '/abs/key', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(
        storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
      ).rejects.toThrow(/Unsafe media key/);
    }
  });
});

describe('S3 credentials', () => {
  // s3rver checks the access key of a SigV4 request but not the signature itself; the SDK's signer is AWS's own.
  it('is refused by the server with an unknown access key', async () => {
    const storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: 'autoreel-media',
      region: 'us-east-1',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'wrong-secret',
    });
    await expect(
      storage.put('x/y.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
    ).rejects.toThrow(/Access Key/i);
    await expect(storage.exists('x/y.txt')).rejects.toThrow();
  });
});
