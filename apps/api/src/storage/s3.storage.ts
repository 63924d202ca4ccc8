import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type MediaStorage, type PutOptions } from './media-storage.ts';

export interface S3StorageOptions {
  /** Any S3-compatible endpoint (MinIO, R2, Spaces...); omitted means AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (endpoint/bucket/key) is what most self-hosted S3 servers expect. */
  forcePathStyle?: boolean;
}

/** Media in an S3-compatible bucket; uploads stream in parts so a 100MB video is never held in memory. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly localRoot = undefined;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        // Keys are never reused, so caches may keep an object for as long as they like.
        CacheControl: 'public, max-age=31536000, immutable',
      },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
    return { size };
  }

  async createReadStream(key: string): Promise<Readable> {
    assertSafeKey(key);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!(answer.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return answer.Body;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return false;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
