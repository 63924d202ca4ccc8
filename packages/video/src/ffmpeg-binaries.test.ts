import { describe, expect, it } from 'vitest';
import { findFfmpegBinaries, FfmpegNotFoundError, resolveFfmpegBinaries } from './ffmpeg-binaries.ts';

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
    expect(() => resolveFfmpegBinaries({ PATH: '/nowhere' })).toThrow(FfmpegNotFoundError);
    expect(() => resolveFfmpegBinaries({ PATH: '/nowhere' })).toThrow(/FFMPEG_PATH.*ffmpeg-static.*PATH/);
    expect(() => resolveFfmpegBinaries({ FFMPEG_PATH: '/x/ffmpeg', PATH: '/nowhere' })).toThrow(
      /FFPROBE_PATH/,
    );
    expect(findFfmpegBinaries({ PATH: '/nowhere' })).toBeNull();
  });
});
