import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type MediaStorage, type PutOptions } from './media-storage.ts';

/** Media under a folder on this machine (AUTOREEL_DATA_DIR/media by default), served at /media by the API. */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly localRoot: string;

  constructor(root: string) {
    this.localRoot = root;
  }

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.localRoot, key);
  }

  async put(key: string, body: Readable, _options: PutOptions): Promise<{ size: number }> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Written beside the target and renamed when complete, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async createReadStream(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }
}
