/**
 * Copies the media bucket (MEDIA_STORAGE=s3, with the server's S3_* settings) to a folder or a folder back into the
 * bucket, for scripts/backup.sh and scripts/restore.sh. Each object's content type is kept beside the files in
 * .content-types.json, so a restored bucket serves them as the original did.
 *
 *   node apps/api/scripts/media-bucket.ts download <folder>
 *   node apps/api/scripts/media-bucket.ts upload <folder>
 */
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { loadConfig } from '../src/config/config.ts';

const TYPES_FILE = '.content-types.json';
const [direction, folder] = process.argv.slice(2);
if ((direction !== 'download' && direction !== 'upload') || !folder) {
  console.error('usage: media-bucket.ts download|upload <folder>');
  process.exit(2);
}
const { s3 } = loadConfig();
if (!s3.bucket || !s3.accessKeyId || !s3.secretAccessKey) {
  console.error(
    'media-bucket: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT off AWS)',
  );
  process.exit(2);
}
const bucket = s3.bucket;
const client = new S3Client({
  region: s3.region,
  ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});

async function download(into: string): Promise<number> {
  const types: Record<string, string> = {};
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key: key } of page.Contents ?? []) {
      if (!key) continue;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const path = join(into, key);
      mkdirSync(dirname(path), { recursive: true });
      await pipeline(object.Body as Readable, createWriteStream(path));
      if (object.ContentType) types[key] = object.ContentType;
    }
    token = page.NextContinuationToken;
  } while (token);
  writeFileSync(join(into, TYPES_FILE), JSON.stringify(types));
  return Object.keys(types).length;
}

async function upload(from: string): Promise<number> {
  const types = JSON.parse(readFileSync(join(from, TYPES_FILE), 'utf8')) as Record<string, string>;
  const files = readdirSync(from, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name !== TYPES_FILE,
  );
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const key = relative(from, path);
    // In parts, as the server uploads: a 100 MB video is never held in memory.
    await new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: createReadStream(path),
        ContentType: types[key],
        CacheControl: 'public, max-age=31536000, immutable',
      },
    }).done();
  }
  return files.length;
}

mkdirSync(folder, { recursive: true });
const copied = direction === 'download' ? await download(folder) : await upload(folder);
console.log(`media-bucket: ${direction === 'download' ? 'downloaded' : 'uploaded'} ${copied} objects`);
