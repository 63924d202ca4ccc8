import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { FileRef } from '../../shared/ipc-contract.ts';

/** Types by extension for the files a dealer picks: photos and videos. Unknown ones are sent as bytes. */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.3gp': 'video/3gpp',
};

export function mimeTypeFor(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export class UnknownFileError extends Error {
  constructor() {
    super('That file is no longer available: pick it again');
    this.name = 'UnknownFileError';
  }
}

/**
 * Files the renderer may use, by opaque id. The renderer never names a path: it gets ids for files the user
 * picked in the system dialog, files it imported as bytes, and files main produced (prepared videos, posters),
 * so a compromised page cannot make main read anything else.
 */
export class FileRegistry {
  readonly #files = new Map<string, { path: string; name: string; type: string; owned: boolean }>();
  readonly #workDir: string;

  constructor(workDir: string) {
    this.#workDir = workDir;
  }

  get workDir(): string {
    return this.#workDir;
  }

  /** A fresh path in the work folder for main's own outputs. */
  async scratchPath(extension: string): Promise<string> {
    await mkdir(this.#workDir, { recursive: true });
    return join(this.#workDir, `${randomBytes(12).toString('hex')}${extension}`);
  }

  /** Registers a file on disk. `owned` files were written by main and are deleted when released. */
  async add(path: string, options: { name?: string; type?: string; owned?: boolean } = {}): Promise<FileRef> {
    const info = await stat(path);
    if (!info.isFile()) throw new UnknownFileError();
    const id = randomBytes(16).toString('base64url');
    const name = options.name ?? basename(path);
    const type = options.type ?? mimeTypeFor(name);
    this.#files.set(id, { path, name, type, owned: options.owned ?? false });
    return { id, name, type, size: info.size };
  }

  /** Writes bytes the renderer holds (a dropped file) to the work folder and registers them. */
  async import(name: string, type: string, bytes: Uint8Array): Promise<FileRef> {
    const path = await this.scratchPath(
      extname(name)
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, ''),
    );
    await writeFile(path, bytes);
    return this.add(path, { name: basename(name), type: type || mimeTypeFor(name), owned: true });
  }

  path(id: string): string {
    const file = this.#files.get(id);
    if (!file) throw new UnknownFileError();
    return file.path;
  }

  nameOf(id: string): string {
    return this.held(id).name;
  }

  /** Where a file is and what it is called, for main's own use (an upload). */
  held(id: string): { path: string; name: string; type: string } {
    const file = this.#files.get(id);
    if (!file) throw new UnknownFileError();
    return { path: file.path, name: file.name, type: file.type };
  }

  async read(id: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(this.path(id)));
  }

  /** Forgets every file and deletes the ones main wrote (on quit). */
  async releaseAll(): Promise<void> {
    this.#files.clear();
    await rm(this.#workDir, { recursive: true, force: true });
  }
}
