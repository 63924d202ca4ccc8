import { describe, expect, it } from 'vitest';
import {
  decideDelivery,
  DELIVERY_POLICY,
  deliverySize,
  maxAverageBitrateKbps,
  targetBox,
  videoRejection,
} from './delivery-policy.ts';
import type { VideoInfo } from './video-info.ts';

const conforming: VideoInfo = {
  durationSec: 5,
  width: 720,
  height: 1280,
  videoCodec: 'h264',
  profile: 'High',
  pixFmt: 'yuv420p',
  frameRate: 30,
  videoBitrateKbps: 2_000,
  audioCodec: 'aac',
  audioSampleRate: 48_000,
  hasVideo: true,
  hasAudio: true,
  rotation: 0,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  majorBrand: 'isom',
  extraStreams: 0,
  metadataTags: [],
  indexFirst: true,
};

describe('decideDelivery', () => {
  it('only checks a file already in the delivery format', () => {
    expect(decideDelivery(conforming)).toEqual({ action: 'check', reasons: [] });
    expect(
      decideDelivery({ ...conforming, hasAudio: false, audioCodec: null, audioSampleRate: null }),
    ).toEqual({
      action: 'check',
      reasons: [],
    });
    expect(decideDelivery({ ...conforming, width: 1280, height: 720 }).action).toBe('check');
    expect(decideDelivery({ ...conforming, width: 480, height: 854 }).action).toBe('check');
    // Over the cap on average, but within what the rate buffer lets a 5 s clip carry (3000 x (1 + 2/5)).
    expect(decideDelivery({ ...conforming, videoBitrateKbps: 4_100 }).action).toBe('check');
  });

  it.each<[string, Partial<VideoInfo>, string]>([
    ['HEVC', { videoCodec: 'hevc' }, 'video codec hevc'],
    ['Main profile', { profile: 'Main' }, 'profile Main'],
    ['10-bit', { pixFmt: 'yuv420p10le' }, 'pixel format yuv420p10le'],
    ['4:4:4', { pixFmt: 'yuv444p' }, 'pixel format yuv444p'],
    ['1080x1920', { width: 1080, height: 1920 }, 'larger than 720x1280'],
    ['1920x1080', { width: 1920, height: 1080 }, 'larger than 1280x720'],
    ['rotated phone video', { width: 1280, height: 720, rotation: 90 }, 'rotated 90 degrees'],
    ['60 fps', { frameRate: 60 }, '60 fps'],
    ['a phone bitrate', { videoBitrateKbps: 9_800 }, 'video at 9800 kbit/s over a 3000 kbit/s cap'],
    ['an unknown bitrate', { videoBitrateKbps: null }, 'bitrate unknown'],
    ['Opus audio', { audioCodec: 'opus' }, 'audio codec opus'],
    ['44.1 kHz audio', { audioSampleRate: 44_100 }, 'audio at 44100 Hz'],
    ['WebM', { formatName: 'matroska,webm', majorBrand: null, indexFirst: null }, 'container matroska,webm'],
    ['odd size', { width: 719, height: 1280 }, 'odd dimensions'],
  ])('re-encodes %s', (_name, change, reason) => {
    const decision = decideDelivery({ ...conforming, ...change });
    expect(decision.action).toBe('transcode');
    expect(decision.reasons).toContain(reason);
  });

  it.each<[string, Partial<VideoInfo>, string]>([
    ['the index at the end', { indexFirst: false }, 'index not first'],
    ['an unread index', { indexFirst: null }, 'index not first'],
    ['a QuickTime file', { majorBrand: 'qt  ' }, 'brand qt'],
    ['a phone data track', { extraStreams: 1 }, '1 extra stream(s)'],
    [
      'location and dates',
      { metadataTags: ['location', 'creation_time'] },
      'metadata: location, creation_time',
    ],
  ])('remuxes conforming streams with %s', (_name, change, reason) => {
    expect(decideDelivery({ ...conforming, ...change })).toEqual({ action: 'remux', reasons: [reason] });
  });

  it('holds the file to the policy it is given, its rate buffer counting less on a longer clip', () => {
    const consolePolicy = { ...DELIVERY_POLICY, maxBitrateKbps: 2_300 };
    const minute = { ...conforming, durationSec: 60, videoBitrateKbps: 2_800 };
    expect(decideDelivery(minute).action).toBe('check');
    expect(decideDelivery(minute, consolePolicy).action).toBe('transcode');
    expect(maxAverageBitrateKbps(60, consolePolicy)).toBeCloseTo(2_300 * (1 + 2 / 60) * 1.02, 6);
  });

  it('re-encodes when there is no video stream', () => {
    expect(decideDelivery({ ...conforming, hasVideo: false })).toEqual({
      action: 'transcode',
      reasons: ['no video stream'],
    });
  });
});

describe('delivery size', () => {
  it('fits portrait and square videos in 720x1280 and landscape ones in 1280x720', () => {
    expect(targetBox({ width: 1080, height: 1920, rotation: 0 })).toEqual({ width: 720, height: 1280 });
    expect(targetBox({ width: 1000, height: 1000, rotation: 0 })).toEqual({ width: 720, height: 1280 });
    expect(targetBox({ width: 1920, height: 1080, rotation: 0 })).toEqual({ width: 1280, height: 720 });
    // A phone's landscape-coded stream shown rotated is portrait.
    expect(targetBox({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 720, height: 1280 });
  });

  it('keeps the aspect ratio, never upscales and gives even sizes', () => {
    expect(deliverySize({ width: 1080, height: 1920, rotation: 0 })).toEqual({ width: 720, height: 1280 });
    expect(deliverySize({ width: 3840, height: 2160, rotation: 0 })).toEqual({ width: 1280, height: 720 });
    expect(deliverySize({ width: 1000, height: 1000, rotation: 0 })).toEqual({ width: 720, height: 720 });
    expect(deliverySize({ width: 480, height: 854, rotation: 0 })).toEqual({ width: 480, height: 854 });
    expect(deliverySize({ width: 1440, height: 1080, rotation: 270 })).toEqual({ width: 720, height: 960 });
  });
});

describe('videoRejection', () => {
  it('accepts 3 to 180 seconds of video', () => {
    expect(videoRejection(conforming)).toBeNull();
    expect(videoRejection({ ...conforming, durationSec: 3 })).toBeNull();
    expect(videoRejection({ ...conforming, durationSec: 180 })).toBeNull();
  });

  it('refuses files without video, and videos that are too short or too long', () => {
    expect(videoRejection({ ...conforming, hasVideo: false })).toBe('The file has no video stream');
    expect(videoRejection({ ...conforming, durationSec: 2 })).toMatch(/too short.*at least 3 seconds/);
    expect(videoRejection({ ...conforming, durationSec: Number.NaN })).toMatch(/too short/);
    expect(videoRejection({ ...conforming, durationSec: 181 })).toMatch(/too long.*at most 180 seconds/);
  });

  it('describes the policy it enforces', () => {
    expect(DELIVERY_POLICY).toMatchObject({
      shortSide: 720,
      longSide: 1280,
      audioSampleRate: 48_000,
      maxGopSec: 2,
    });
  });
});
