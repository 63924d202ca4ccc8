import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';

/*
 * The demo's rendered media, kept between starts under names that hash everything that shaped them. Several
 * processes may seed at once against one cache (tests, two databases on one machine): the first to claim an entry
 * makes it while the others wait for it (a render costs a core for seconds, so two at once only slow both), and it is
 * written under a name of its own and renamed into place, so a reader never sees half an entry.
 */

/** A claim older than this is taken over even when its process still runs (a render never takes so long). */
const CLAIM_STALE_MS = 5 * 60_000;
/** How often a process waiting for another's entry looks again. */
const CLAIM_POLL_MS = 100;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Claims the making of `cached` (a folder made atomically beside it, naming its process): true when this process is
 * to make it, false once another process has put it in place. A claim that disappears without an entry (its maker
 * failed) or is abandoned is taken over.
 */
async function claim(cached: string): Promise<boolean> {
  const claimed = `${cached}.making`;
  for (;;) {
    if (await exists(cached)) return false;
    const made = await mkdir(claimed).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (made) {
      await writeFile(join(claimed, 'owner'), String(process.pid));
      return true;
    }
    if (await abandoned(claimed)) await rm(claimed, { recursive: true, force: true });
    else await sleep(CLAIM_POLL_MS);
  }
}

/**
 * Whether a claim's process is gone (a first start stopped by Ctrl-C, a crash), or the claim is stale. A claim just
 * made, whose owner is not written yet, is not.
 */
async function abandoned(claimed: string): Promise<boolean> {
  const info = await stat(claimed).catch(() => null);
  if (!info) return false;
  if (Date.now() - info.mtimeMs > CLAIM_STALE_MS) return true;
  const owner = Number(await readFile(join(claimed, 'owner'), 'utf8').catch(() => ''));
  if (!owner) return false;
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
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
  if (!cacheDir) {
    await make();
    return false;
  }
  const cached = join(cacheDir, name);
  await mkdir(cacheDir, { recursive: true });
  if (!(await claim(cached))) {
    await cp(cached, output, { recursive: true });
    return true;
  }
  try {
    await make();
    const part = partName(cached);
    await cp(output, part, { recursive: true });
    // A file replaces another by rename; a folder cannot, so when a taken-over maker got there first its copy stays.
    await rename(part, cached).catch(() => rm(part, { recursive: true, force: true }));
  } finally {
    await rm(`${cached}.making`, { recursive: true, force: true });
  }
  return false;
}
