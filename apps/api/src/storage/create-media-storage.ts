import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import { LocalDiskStorage } from './local-disk.storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { S3Storage } from './s3.storage.ts';

/** Picks the adapter named by MEDIA_STORAGE; an incomplete S3 configuration stops the server at start. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.mediaStorage === 'local') return new LocalDiskStorage(join(config.dataDir, 'media'));
  const { bucket, accessKeyId, secretAccessKey } = config.s3;
  const missing = [
    ['S3_BUCKET', bucket],
    ['S3_ACCESS_KEY_ID', accessKeyId],
    ['S3_SECRET_ACCESS_KEY', secretAccessKey],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new Error(`MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  return new S3Storage({
    endpoint: config.s3.endpoint,
    bucket,
    region: config.s3.region,
    accessKeyId,
    secretAccessKey,
  });
}
