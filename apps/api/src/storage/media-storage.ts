import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType: string;
}

/**
 * Where uploaded and prepared media live. Keys are app-generated (`{folder}/{uuid}.{ext}`) and never reused, so
 * adapters may serve them with immutable caching. Adapters: local disk (default) and S3-compatible object storage.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Streams the body to the key; resolves with the number of bytes stored. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** Reads a stored object; rejects when the key does not exist. */
  createReadStream(key: string): Promise<Readable>;
  /** Removes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The folder `/media/*` is served from when media is on local disk; undefined for remote stores. */
  readonly localRoot: string | undefined;
}

/** Keys are app-generated; this refuses anything that could escape the media root or address another bucket. */
export function assertSafeKey(key: string): void {
  if (
    !key ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
  }
}
