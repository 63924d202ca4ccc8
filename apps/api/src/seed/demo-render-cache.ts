import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * The demo's rendered media, kept between starts under names that hash everything that shaped them. Several
 * processes may seed at once against one cache (tests, two databases on one machine): each writes under a name of
 * its own and renames it into place, so a reader never sees half an entry and the last writer's identical copy wins.
 */

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function partName(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
}

/**
 * Puts the entry `name` of the cache (a file or a folder) at `output`, making it there with `make` when the cache
 * lacks it, and then keeping a copy. Without a cache it always makes it. Returns whether it came from the cache.
 */
export async function cachedRender(
  cacheDir: string | undefined,
  name: string,
  output: string,
  make: () => Promise<void>,
): Promise<boolean> {
  const cached = cacheDir ? join(cacheDir, name) : undefined;
  if (cached && (await exists(cached))) {
    await cp(cached, output, { recursive: true });
    return true;
  }
  await make();
  if (cached) {
    await mkdir(cacheDir!, { recursive: true });
    const part = partName(cached);
    await cp(output, part, { recursive: true });
    // A file replaces another by rename; a folder cannot, so when a second process got there first its copy stays.
    await rename(part, cached).catch(() => rm(part, { recursive: true, force: true }));
  }
  return false;
}
