import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FfmpegError } from './ffmpeg-runner.ts';
import { parseProbe, probe } from './ffprobe.ts';

describe('parseProbe', () => {
  it('normalises streams, rotation from the display matrix and the rotate tag, and frame rates', () => {
    const info = parseProbe({
      format: {
        format_name: 'mov,mp4,m4a,3gp,3g2,mj2',
        duration: '7.250000',
        bit_rate: '9990000',
        tags: {
          major_brand: 'qt  ',
          encoder: 'Lavf59',
          'com.apple.quicktime.location.ISO6709': '+37.7-122.4/',
          creation_time: '2024-01-01T00:00:00.000000Z',
        },
      },
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          bit_rate: '9800000',
          tags: { language: 'und', handler_name: 'Core Media Video', creation_time: '2024' },
          profile: 'High',
          pix_fmt: 'yuv420p',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac', sample_rate: '44100' },
        { codec_type: 'data', codec_name: 'none', tags: { handler_name: 'Core Media Metadata' } },
      ],
    });
    expect(info).toEqual({
      durationSec: 7.25,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      profile: 'High',
      pixFmt: 'yuv420p',
      frameRate: 29.97,
      videoBitrateKbps: 9_800,
      audioCodec: 'aac',
      audioSampleRate: 44_100,
      hasVideo: true,
      hasAudio: true,
      rotation: 90,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      majorBrand: 'qt  ',
      extraStreams: 1,
      metadataTags: ['com.apple.quicktime.location.ISO6709', 'creation_time'],
      indexFirst: null,
    });
    // A stream without its own bitrate falls back to the container's.
    expect(
      parseProbe({ format: { bit_rate: '2500000' }, streams: [{ codec_type: 'video' }] }).videoBitrateKbps,
    ).toBe(2_500);
    const tagged = parseProbe({
      streams: [{ codec_type: 'video', width: 2, height: 2, tags: { rotate: '270' } }],
    });
    expect(tagged.rotation).toBe(270);
  });

  it("does not count an audio file's cover picture as video", () => {
    const info = parseProbe({
      format: { format_name: 'mp3', duration: '200' },
      streams: [
        { codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100' },
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 500,
          height: 500,
          disposition: { attached_pic: 1 },
        },
      ],
    });
    expect(info.hasVideo).toBe(false);
    expect(info.width).toBe(0);
  });

  it('survives an empty answer', () => {
    expect(parseProbe({})).toMatchObject({
      hasVideo: false,
      hasAudio: false,
      durationSec: 0,
      formatName: '',
      videoBitrateKbps: null,
      metadataTags: [],
    });
  });
});

describe('probe (real ffprobe)', () => {
  it('reads a generated clip and where its index is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    const file = join(dir, 'clip.mp4');
    const clip = (output: string, extra: string[]) =>
      execFileSync('ffmpeg', [
        ...[
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=320x240:rate=25:duration=1',
        ],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...extra, output],
      ]);
    clip(join(dir, 'faststart.mp4'), ['-movflags', '+faststart']);
    expect((await probe('ffprobe', join(dir, 'faststart.mp4'))).indexFirst).toBe(true);
    clip(file, []);
    const info = await probe('ffprobe', file);
    expect(info).toMatchObject({
      width: 320,
      height: 240,
      videoCodec: 'h264',
      hasAudio: false,
      frameRate: 25,
      majorBrand: 'isom',
      extraStreams: 0,
      metadataTags: [],
      // ffmpeg writes the index last unless asked.
      indexFirst: false,
    });
    expect(info.videoBitrateKbps).toBeGreaterThan(0);
    expect(info.durationSec).toBeCloseTo(1, 1);
  });

  it('rejects with an FfmpegError for a file that is not media', async () => {
    const error = await probe('ffprobe', '/etc/hostname').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).exitCode).not.toBe(0);
    expect((error as FfmpegError).stderrTail).toMatch(/Invalid data|could not find|error/i);
  });
});
