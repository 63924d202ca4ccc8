import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  findFfmpegBinaries,
  FfmpegNotFoundError,
  missingFfmpegWarning,
  resolveFfmpegBinaries,
} from './ffmpeg-binaries.ts';

describe('resolveFfmpegBinaries', () => {
  it('prefers FFMPEG_PATH and FFPROBE_PATH', () => {
    expect(
      resolveFfmpegBinaries({ FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe', PATH: '' }),
    ).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
    });
  });

  it('finds the binaries on the PATH', () => {
    expect(resolveFfmpegBinaries({ PATH: '/nowhere:/usr/bin' })).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
    });
  });

  it('names every way to provide ffmpeg when there is none', () => {
    const none = { installers: false };
    expect(() => resolveFfmpegBinaries({ PATH: '/nowhere' }, none)).toThrow(FfmpegNotFoundError);
    expect(() => resolveFfmpegBinaries({ PATH: '/nowhere' }, none)).toThrow(
      /npm install.*@ffmpeg-installer\/ffmpeg.*FFMPEG_PATH.*PATH/,
    );
    expect(() => resolveFfmpegBinaries({ FFMPEG_PATH: '/x/ffmpeg', PATH: '/nowhere' }, none)).toThrow(
      /FFPROBE_PATH/,
    );
    expect(findFfmpegBinaries({ PATH: '/nowhere' }, none)).toBeNull();
    expect(missingFfmpegWarning({ PATH: '/nowhere' }, none)).toMatch(/!!.*Fix: `npm install`/s);
  });

  it("takes the installer packages' binaries when the PATH has none, and they run", () => {
    const found = resolveFfmpegBinaries({ PATH: '/nowhere' });
    expect(found.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(found.ffprobe).toMatch(/@ffprobe-installer/);
    expect(execFileSync(found.ffmpeg, ['-hide_banner', '-version']).toString()).toMatch(/ffmpeg version/);
    expect(execFileSync(found.ffprobe, ['-hide_banner', '-version']).toString()).toMatch(/ffprobe version/);
    expect(execFileSync(found.ffmpeg, ['-hide_banner', '-encoders']).toString()).toMatch(/libx264/);
    expect(missingFfmpegWarning({ PATH: '/nowhere' })).toBeNull();
  });

  describe('with binaries shipped beside the application', () => {
    let shippedDir: string;
    let onlyFfmpegDir: string;
    const exe = process.platform === 'win32' ? '.exe' : '';
    const tool = async (folder: string, name: string) => {
      await writeFile(join(folder, name + exe), '#!/bin/sh\nexit 0\n');
      await chmod(join(folder, name + exe), 0o755);
    };

    beforeAll(async () => {
      shippedDir = await mkdtemp(join(tmpdir(), 'shipped-ffmpeg-'));
      onlyFfmpegDir = await mkdtemp(join(tmpdir(), 'shipped-ffmpeg-only-'));
      await tool(shippedDir, 'ffmpeg');
      await tool(shippedDir, 'ffprobe');
      await tool(onlyFfmpegDir, 'ffmpeg');
    });
    afterAll(async () => {
      await rm(shippedDir, { recursive: true, force: true });
      await rm(onlyFfmpegDir, { recursive: true, force: true });
    });

    it('takes them before the PATH', () => {
      expect(resolveFfmpegBinaries({ PATH: '/usr/bin' }, { shippedDir })).toEqual({
        ffmpeg: join(shippedDir, `ffmpeg${exe}`),
        ffprobe: join(shippedDir, `ffprobe${exe}`),
      });
    });

    it('still lets FFMPEG_PATH and FFPROBE_PATH choose', () => {
      expect(
        resolveFfmpegBinaries(
          { FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe', PATH: '/usr/bin' },
          { shippedDir },
        ),
      ).toEqual({ ffmpeg: '/opt/ff/ffmpeg', ffprobe: '/opt/ff/ffprobe' });
    });

    it('looks further for a tool the folder lacks, and past a folder that is not there', () => {
      expect(resolveFfmpegBinaries({ PATH: '/usr/bin' }, { shippedDir: onlyFfmpegDir })).toEqual({
        ffmpeg: join(onlyFfmpegDir, `ffmpeg${exe}`),
        ffprobe: '/usr/bin/ffprobe',
      });
      expect(
        resolveFfmpegBinaries({ PATH: '/usr/bin' }, { shippedDir: join(shippedDir, 'missing') }),
      ).toEqual({
        ffmpeg: '/usr/bin/ffmpeg',
        ffprobe: '/usr/bin/ffprobe',
      });
    });
  });
});
