import type { VideoInfo } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import { buildPosterArgs, buildRemuxArgs, buildTranscodeArgs, deliveryEncodeArgs } from './ffmpeg-args.ts';
import { buildProbeArgs } from './ffprobe.ts';

const portrait: VideoInfo = {
  durationSec: 12,
  width: 1080,
  height: 1920,
  videoCodec: 'hevc',
  profile: 'Main 10',
  pixFmt: 'yuv420p10le',
  frameRate: 60,
  videoBitrateKbps: 24_000,
  audioCodec: 'aac',
  audioSampleRate: 44_100,
  hasVideo: true,
  hasAudio: true,
  rotation: 0,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  majorBrand: 'qt  ',
  extraStreams: 2,
  metadataTags: ['location'],
  indexFirst: false,
};

/** The value that follows a flag. */
function valueOf(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
}

describe('buildTranscodeArgs', () => {
  const args = buildTranscodeArgs('/in/my clip; rm -rf.mov', '/out/prepared.mp4', portrait);

  it('keeps every path and value as one argument, so nothing is ever parsed by a shell', () => {
    expect(args).toContain('/in/my clip; rm -rf.mov');
    expect(valueOf(args, '-i')).toBe('/in/my clip; rm -rf.mov');
    expect(args.at(-1)).toBe('/out/prepared.mp4');
    expect(args.every((a) => typeof a === 'string' && a.length > 0)).toBe(true);
  });

  it('encodes H.264 High yuv420p at the fitted size with AAC-LC 48 kHz', () => {
    expect(valueOf(args, '-c:v')).toBe('libx264');
    expect(valueOf(args, '-profile:v')).toBe('high');
    expect(valueOf(args, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(args, '-vf')).toBe('scale=720:1280:flags=lanczos,setsar=1,format=yuv420p');
    expect(valueOf(args, '-c:a')).toBe('aac');
    expect(valueOf(args, '-profile:a')).toBe('aac_low');
    expect(valueOf(args, '-ar')).toBe('48000');
    expect(valueOf(args, '-fpsmax')).toBe('30');
  });

  it('uses closed GOPs of at most 2 seconds, drops metadata and puts the index first', () => {
    expect(valueOf(args, '-g')).toBe('60');
    expect(valueOf(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(valueOf(args, '-flags')).toBe('+cgop');
    expect(valueOf(args, '-sc_threshold')).toBe('0');
    expect(valueOf(args, '-map_metadata')).toBe('-1');
    expect(valueOf(args, '-movflags')).toBe('+faststart');
    expect(valueOf(args, '-progress')).toBe('pipe:1');
    expect(valueOf(args, '-f')).toBe('mp4');
  });

  it('keeps one video and an optional audio stream', () => {
    const maps = args.flatMap((a, i) => (a === '-map' ? [args[i + 1]] : []));
    expect(maps).toEqual(['0:v:0', '0:a:0?']);
  });

  it('fits landscape videos in 1280x720', () => {
    const landscape = buildTranscodeArgs('in', 'out', { ...portrait, width: 3840, height: 2160 });
    expect(valueOf(landscape, '-vf')).toMatch(/^scale=1280:720:/);
  });
});

describe('buildRemuxArgs', () => {
  it('copies streams without re-encoding, drops metadata and moves the index first', () => {
    const args = buildRemuxArgs('in.mov', 'out.mp4');
    expect(valueOf(args, '-c')).toBe('copy');
    expect(valueOf(args, '-map_metadata')).toBe('-1');
    expect(valueOf(args, '-movflags')).toBe('+faststart');
    expect(args).not.toContain('libx264');
    expect(args.at(-1)).toBe('out.mp4');
  });
});

describe('buildPosterArgs', () => {
  it('seeks before the input and writes one JPEG at the delivered size', () => {
    const args = buildPosterArgs('in.mp4', 'poster.jpg', { ...portrait, width: 720, height: 1280 });
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(valueOf(args, '-ss')).toBe('1.000');
    expect(valueOf(args, '-frames:v')).toBe('1');
    expect(valueOf(args, '-vf')).toBe('scale=720:1280,setsar=1,format=yuvj420p');
    expect(buildPosterArgs('a', 'b', { ...portrait, durationSec: 1.5 })[args.indexOf('-ss') + 1]).toBe(
      '0.500',
    );
  });
});

describe('deliveryEncodeArgs and buildProbeArgs', () => {
  it('derive the GOP from the policy', () => {
    const args = deliveryEncodeArgs({
      videoCodec: 'h264',
      profile: 'High',
      pixFmt: 'yuv420p',
      shortSide: 720,
      longSide: 1280,
      maxFrameRate: 25,
      maxGopSec: 2,
      audioCodec: 'aac',
      audioSampleRate: 48_000,
      audioBitrateKbps: 96,
      crf: 23,
      maxBitrateKbps: 2_000,
      rateBufferSec: 1.5,
      minDurationSec: 3,
      maxDurationSec: 180,
    });
    expect(valueOf(args, '-g')).toBe('50');
    expect(valueOf(args, '-b:a')).toBe('96k');
    expect(valueOf(args, '-bufsize')).toBe('3000k');
  });

  it('asks ffprobe for JSON of the format and streams', () => {
    expect(buildProbeArgs('x.mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      'x.mp4',
    ]);
  });
});
