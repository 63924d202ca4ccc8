import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedRender } from './demo-render-cache.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'autoreel-render-cache-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('demo render cache', () => {
  it('makes a file once while seven other seeds wait for it, each getting a whole copy of one entry', async () => {
    const cache = join(work, 'files');
    let made = 0;
    const make = (output: string) => async () => {
      made++;
      // Written in two parts with a pause between: a reader of a half-written entry would see the first alone.
      await writeFile(output, 'first half,');
      await pause();
      await writeFile(output, 'first half, second half', { flag: 'w' });
    };
    const outputs = Array.from({ length: 8 }, (_, i) => join(work, `out-${i}.mp4`));
    const fromCache = await Promise.all(
      outputs.map((out) => cachedRender(cache, 'clip.mp4', out, make(out))),
    );
    for (const out of outputs) expect(await readFile(out, 'utf8')).toBe('first half, second half');
    expect(await readdir(cache)).toEqual(['clip.mp4']);
    // One of them made it; the others waited for it rather than rendering it again.
    expect(made).toBe(1);
    expect(fromCache.filter((hit) => !hit).length).toBe(1);

    const later = join(work, 'later.mp4');
    expect(await cachedRender(cache, 'clip.mp4', later, make(later))).toBe(true);
    expect(await readFile(later, 'utf8')).toBe('first half, second half');
  });

  it('keeps a folder whole: concurrent makers leave one entry with every file, no parts behind', async () => {
    const cache = join(work, 'folders');
    const make = (dir: string) => async () => {
      await mkdir(dir, { recursive: true });
      for (const name of ['master.m3u8', 'r0.m3u8', 'r0.s0.m4s']) {
        await writeFile(join(dir, name), name);
        await pause();
      }
    };
    const dirs = Array.from({ length: 6 }, (_, i) => join(work, `ladder-${i}`));
    await Promise.all(dirs.map((dir) => cachedRender(cache, 'ladder-x', dir, make(dir))));
    for (const dir of dirs)
      expect((await readdir(dir)).sort()).toEqual(['master.m3u8', 'r0.m3u8', 'r0.s0.m4s']);
    expect(await readdir(cache)).toEqual(['ladder-x']);
    expect((await readdir(join(cache, 'ladder-x'))).sort()).toEqual(['master.m3u8', 'r0.m3u8', 'r0.s0.m4s']);

    const again = join(work, 'ladder-again');
    expect(
      await cachedRender(cache, 'ladder-x', again, () => Promise.reject(new Error('not made again'))),
    ).toBe(true);
    expect((await readdir(again)).sort()).toEqual(['master.m3u8', 'r0.m3u8', 'r0.s0.m4s']);
  });

  it('takes the making over from a maker that failed, a stale claim, or a claim whose process is gone', async () => {
    const cache = join(work, 'claims');
    const out = join(work, 'after-failure.mp4');
    let waiting: Promise<boolean> | undefined;
    // The second seed arrives while the first holds the claim, then the first's render fails.
    const failing = cachedRender(cache, 'clip.mp4', join(work, 'failed.mp4'), async () => {
      waiting = cachedRender(cache, 'clip.mp4', out, () => writeFile(out, 'made after the failure'));
      await pause();
      throw new Error('ffmpeg stopped');
    });
    await expect(failing).rejects.toThrow('ffmpeg stopped');
    expect(await waiting).toBe(false);
    expect(await readFile(join(cache, 'clip.mp4'), 'utf8')).toBe('made after the failure');

    const claimed = join(cache, 'other.mp4.making');
    await mkdir(claimed);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(claimed, tenMinutesAgo, tenMinutesAgo);
    const other = join(work, 'other.mp4');
    expect(await cachedRender(cache, 'other.mp4', other, () => writeFile(other, 'taken over'))).toBe(false);
    expect((await readdir(cache)).sort()).toEqual(['clip.mp4', 'other.mp4']);

    // A first start stopped by Ctrl-C mid-render leaves its claim behind: the next start takes it over at once.
    const stopped = spawnSync(process.execPath, ['-e', '']).pid;
    await mkdir(join(cache, 'third.mp4.making'));
    await writeFile(join(cache, 'third.mp4.making', 'owner'), String(stopped));
    const third = join(work, 'third.mp4');
    const started = Date.now();
    expect(await cachedRender(cache, 'third.mp4', third, () => writeFile(third, 'taken over'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await readdir(cache)).sort()).toEqual(['clip.mp4', 'other.mp4', 'third.mp4']);
  });

  it('without a cache makes every time', async () => {
    let made = 0;
    const out = join(work, 'uncached.mp4');
    const make = async () => {
      made++;
      await writeFile(out, 'x');
    };
    expect(await cachedRender(undefined, 'clip.mp4', out, make)).toBe(false);
    expect(await cachedRender(undefined, 'clip.mp4', out, make)).toBe(false);
    expect(made).toBe(2);
  });
});
