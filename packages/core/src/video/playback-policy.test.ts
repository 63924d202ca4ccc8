import { describe, expect, it } from 'vitest';
import { lowDataReason, planPlayback, videoPreload, type PlaybackEnvironment } from './playback-policy.ts';

const stream = {
  master: '/media/cars/1/u.hls-3x2/master.m3u8',
  lowest: '/media/cars/1/u.hls-3x2/r0.m3u8',
  preload: ['/media/cars/1/u.hls-3x2/r0.init.mp4', '/media/cars/1/u.hls-3x2/r0.s0.m4s'],
};
const mp4 = '/media/cars/1/u.prepared.mp4';
const chrome: PlaybackEnvironment = {
  dataSaver: false,
  nativeHls: false,
  mediaSource: true,
  effectiveType: '4g',
};
/** An iPhone before Managed Media Source: HLS of its own, no media source extensions. */
const olderIphone: PlaybackEnvironment = { dataSaver: false, nativeHls: true, mediaSource: false };

describe('planPlayback', () => {
  it('plays the ladder through hls.js where the browser has no HLS of its own, from the lowest rendition up', () => {
    expect(planPlayback({ mp4, stream }, chrome)).toEqual({
      engine: 'hls.js',
      src: stream.master,
      lowestOnly: false,
      startLevel: 0,
      capLevelToPlayerSize: true,
      preloadNext: { poster: true, urls: stream.preload },
      lowData: null,
    });
  });

  it("prefers hls.js where media source extensions exist, even beside the browser's own HLS (Chromium, Safari)", () => {
    expect(planPlayback({ mp4, stream }, { ...chrome, nativeHls: true })).toMatchObject({
      engine: 'hls.js',
      src: stream.master,
    });
  });

  it("uses the browser's own HLS where it has no media source extensions (older iPhones)", () => {
    expect(planPlayback({ mp4, stream }, olderIphone)).toMatchObject({
      engine: 'native-hls',
      src: stream.master,
    });
  });

  it('falls back to the MP4 without a ladder, or without a way to play one', () => {
    expect(planPlayback({ mp4, stream: null }, chrome)).toMatchObject({ engine: 'mp4', src: mp4 });
    expect(planPlayback({ mp4, stream: undefined }, olderIphone)).toMatchObject({ engine: 'mp4', src: mp4 });
    const noMse = { ...chrome, mediaSource: false };
    expect(planPlayback({ mp4, stream }, noMse)).toMatchObject({
      engine: 'mp4',
      src: mp4,
      preloadNext: { poster: true, urls: [] },
    });
  });

  it('stays on the lowest rendition and preloads nothing but posters on Data saver, Save-Data or 2g/3g', () => {
    const cases: Array<[PlaybackEnvironment, string]> = [
      [{ ...chrome, dataSaver: true }, 'setting'],
      [{ ...chrome, saveData: true }, 'save-data'],
      [{ ...chrome, effectiveType: '3g' }, 'slow-network'],
      [{ ...chrome, effectiveType: '2g' }, 'slow-network'],
      [{ ...chrome, effectiveType: 'slow-2g' }, 'slow-network'],
    ];
    for (const [env, reason] of cases) {
      expect(planPlayback({ mp4, stream }, env)).toMatchObject({
        engine: 'hls.js',
        src: stream.lowest,
        lowestOnly: true,
        preloadNext: { poster: true, urls: [] },
        lowData: reason,
      });
    }
    // A native player cannot be capped either: it too is given the lowest rendition's playlist alone.
    expect(planPlayback({ mp4, stream }, { ...olderIphone, saveData: true })).toMatchObject({
      engine: 'native-hls',
      src: stream.lowest,
      lowestOnly: true,
    });
  });

  it('names the setting first when several ask to save data', () => {
    expect(lowDataReason({ ...chrome, dataSaver: true, saveData: true, effectiveType: '2g' })).toBe(
      'setting',
    );
    expect(lowDataReason({ ...chrome, effectiveType: '4g' })).toBeNull();
    expect(lowDataReason({ ...chrome, effectiveType: undefined })).toBeNull();
  });
});

describe('videoPreload', () => {
  it('loads the current video; the next only as an MP4 outside low data', () => {
    const hls = planPlayback({ mp4, stream }, chrome);
    expect([0, 1, -1].map((o) => videoPreload(hls, o))).toEqual(['auto', 'none', 'none']);
    const plain = planPlayback({ mp4, stream: null }, chrome);
    expect([0, 1, -1].map((o) => videoPreload(plain, o))).toEqual(['auto', 'auto', 'metadata']);
    const saving = planPlayback({ mp4, stream: null }, { ...chrome, saveData: true });
    expect([0, 1, -1].map((o) => videoPreload(saving, o))).toEqual(['auto', 'none', 'none']);
  });
});
