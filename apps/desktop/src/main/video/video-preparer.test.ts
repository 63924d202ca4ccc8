import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, truncate, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpegBinaries } from '@autoreel/video';
import {
  VideoCancelledError,
  VideoConversionError,
  VideoPreparer,
  VideoRejectedError,
} from './video-preparer.main.ts';
import {
  audioStream,
  generateClip,
  inspect,
  movingPicture,
  ssim,
  tone,
  topLevelBoxes,
  videoStream,
} from './video-quality.test-support.ts';

let dir: string;
let outDir: string;
let preparer: VideoPreparer;
let counter = 0;
const clips: Record<string, string> = {};

const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-shortest'];
/** What phones write: a title, a place and a device, all of which must be stripped. */
const phoneMetadata = [
  '-metadata',
  'title=Dealer lot walkaround',
  '-metadata',
  'location=+52.5200+013.4050/',
  '-metadata',
  'comment=iPhone 15 Pro',
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'autoreel-video-'));
  outDir = join(dir, 'out');
  preparer = new VideoPreparer({
    binaries: resolveFfmpegBinaries(),
    scratchPath: (extension) => Promise.resolve(join(outDir, `${++counter}${extension}`)),
  });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(outDir);
  clips['portrait'] = generateClip(
    join(dir, 'portrait.mp4'),
    [movingPicture(1080, 1920, 4), tone(4)],
    [...h264, ...aac, ...phoneMetadata],
  );
  clips['landscape'] = generateClip(
    join(dir, 'landscape.mp4'),
    [movingPicture(1920, 1080, 4), tone(4)],
    [...h264, ...aac],
  );
  clips['hevc'] = generateClip(
    join(dir, 'hevc.mp4'),
    [movingPicture(720, 1280, 3.5)],
    [
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-crf',
      '20',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
    ],
  );
  clips['vp9'] = generateClip(
    join(dir, 'vp9.webm'),
    [movingPicture(640, 360, 3.5), tone(3.5, 48_000)],
    [
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-crf', '20', '-b:v', '0'],
      ...['-c:a', 'libopus', '-shortest'],
    ],
  );
  // Already in the delivery format, but index last and with metadata: a remux suffices.
  clips['conforming'] = generateClip(
    join(dir, 'conforming.mp4'),
    [movingPicture(720, 1280, 3.5), tone(3.5, 48_000)],
    [
      ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      // Within the console's bitrate cap, as a file the console made would be.
      ...['-maxrate', '2000k', '-bufsize', '4000k'],
      ...['-c:a', 'aac', '-ar', '48000', '-shortest'],
      ...phoneMetadata,
    ],
  );
  clips['short'] = generateClip(join(dir, 'short.mp4'), [movingPicture(720, 1280, 2)], h264);
  clips['audio'] = generateClip(join(dir, 'audio.m4a'), [tone(5)], ['-c:a', 'aac']);
  clips['corrupt'] = join(dir, 'corrupt.mp4');
  // The first bytes of a real MP4 and then nothing: what an interrupted copy from a phone leaves.
  await copyFile(clips['portrait'], clips['corrupt']);
  await truncate(clips['corrupt'], 2_000);
  clips['text'] = join(dir, 'notes.mp4');
  await writeFile(clips['text'], 'not a video at all\n'.repeat(100));
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The delivery format, as ffprobe sees the output. */
function expectDeliveryFormat(file: string, size: { width: number; height: number }, withAudio: boolean) {
  const info = inspect(file);
  expect(info.format.format_name).toContain('mp4');
  expect(videoStream(info)).toMatchObject({
    codec_name: 'h264',
    profile: 'High',
    pix_fmt: 'yuv420p',
    width: size.width,
    height: size.height,
  });
  if (withAudio)
    expect(audioStream(info)).toMatchObject({ codec_name: 'aac', profile: 'LC', sample_rate: '48000' });
  else expect(audioStream(info)).toBeUndefined();
  // Only what the MP4 muxer itself writes (brands, encoder) is left: no title, place or device.
  const tags = { ...info.format.tags, ...videoStream(info)?.tags, ...audioStream(info)?.tags };
  expect(Object.keys(tags)).not.toEqual(expect.arrayContaining(['title']));
  expect(tags).not.toHaveProperty('title');
  expect(tags).not.toHaveProperty('location');
  expect(tags).not.toHaveProperty('comment');
  expect(tags).not.toHaveProperty('creation_time');
}

async function expectFaststart(file: string) {
  const boxes = await topLevelBoxes(file);
  expect(boxes).toContain('mdat');
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

// ffmpeg shares two cores with everything else on a build machine: generous per-test time, short clips.
describe('VideoPreparer on real clips', { timeout: 180_000 }, () => {
  it('transcodes a 1080x1920 portrait clip to 720x1280 H.264 High, AAC-LC 48 kHz, faststart, no metadata', async () => {
    const progress: number[] = [];
    const result = await preparer.prepare(clips['portrait']!, { onProgress: (f) => progress.push(f) });
    expect(result.action).toBe('transcoded');
    expect(result.reasons).toContain('larger than 720x1280');
    expectDeliveryFormat(result.output, { width: 720, height: 1280 }, true);
    await expectFaststart(result.output);
    expect(ssim(result.output, clips['portrait']!)).toBeGreaterThanOrEqual(0.985);
    // Progress starts at 0, never goes back and ends at 1.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    // The poster is a JPEG of the delivered size.
    const poster = videoStream(inspect(result.poster));
    expect(poster).toMatchObject({ codec_name: 'mjpeg', width: 720, height: 1280 });
  });

  it('hands over a file already in the delivery format as it is: only checked, a poster taken', async () => {
    const first = await preparer.prepare(clips['landscape']!);
    const again = await preparer.prepare(first.output);
    expect(again).toMatchObject({ action: 'checked', reasons: [], output: first.output });
    expect(videoStream(inspect(again.poster))).toMatchObject({
      codec_name: 'mjpeg',
      width: 1280,
      height: 720,
    });
  });

  it('keeps a landscape clip landscape: 1280x720', async () => {
    const result = await preparer.prepare(clips['landscape']!);
    expectDeliveryFormat(result.output, { width: 1280, height: 720 }, true);
    await expectFaststart(result.output);
    expect(ssim(result.output, clips['landscape']!)).toBeGreaterThanOrEqual(0.985);
  });

  it('re-encodes HEVC, which browsers without HEVC cannot play', async () => {
    const result = await preparer.prepare(clips['hevc']!);
    expect(result.reasons).toContain('video codec hevc');
    expectDeliveryFormat(result.output, { width: 720, height: 1280 }, false);
    await expectFaststart(result.output);
    expect(ssim(result.output, clips['hevc']!)).toBeGreaterThanOrEqual(0.985);
  });

  it('turns a VP9/Opus WebM into MP4 without upscaling it', async () => {
    const result = await preparer.prepare(clips['vp9']!);
    expect(result.reasons).toEqual(expect.arrayContaining(['video codec vp9', 'audio codec opus']));
    expectDeliveryFormat(result.output, { width: 640, height: 360 }, true);
    await expectFaststart(result.output);
    expect(ssim(result.output, clips['vp9']!)).toBeGreaterThanOrEqual(0.985);
  });

  it('only remuxes a file that already conforms: moov moved first, metadata dropped, streams untouched', async () => {
    expect((await topLevelBoxes(clips['conforming']!)).indexOf('moov')).toBeGreaterThan(
      (await topLevelBoxes(clips['conforming']!)).indexOf('mdat'),
    );
    const result = await preparer.prepare(clips['conforming']!);
    expect(result.action).toBe('remuxed');
    expectDeliveryFormat(result.output, { width: 720, height: 1280 }, true);
    await expectFaststart(result.output);
    // A copy of the same frames: identical pictures.
    expect(ssim(result.output, clips['conforming']!)).toBeGreaterThanOrEqual(0.999);
  });

  it.each([
    ['a 2 s clip', 'short', /too short: it must be at least 3 seconds/],
    ['an audio-only file', 'audio', /no video stream/],
    ['a truncated MP4', 'corrupt', /could not be read as a video/],
    ['a text file named .mp4', 'text', /could not be read as a video/],
  ])('refuses %s with a clear message and writes nothing', async (_name, clip, message) => {
    const before = await readdir(outDir);
    const error = await preparer.prepare(clips[clip]!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoRejectedError);
    expect((error as Error).message).toMatch(message);
    expect(await readdir(outDir)).toEqual(before);
  });

  it('stops ffmpeg on cancel and deletes the partial output', async () => {
    const controller = new AbortController();
    const before = await readdir(outDir);
    const running = preparer.prepare(clips['portrait']!, {
      signal: controller.signal,
      // Cancel once ffmpeg has started writing.
      onProgress: (fraction) => {
        if (fraction > 0) controller.abort();
      },
    });
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoCancelledError);
    expect((error as Error).message).toBe('Video preparation was cancelled');
    expect(await readdir(outDir)).toEqual(before);
  });

  it('reports an ffmpeg failure as a conversion error naming the cause', async () => {
    const broken = new VideoPreparer({
      binaries: { ...resolveFfmpegBinaries(), ffmpeg: join(dir, 'no-such-ffmpeg') },
      scratchPath: (extension) => Promise.resolve(join(outDir, `${++counter}${extension}`)),
    });
    const error = await broken.prepare(clips['landscape']!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoConversionError);
    expect((error as Error).message).toMatch(
      /^The video could not be converted: Could not start .*no-such-ffmpeg/,
    );
    expect(existsSync(join(outDir, `${counter}.mp4`))).toBe(false);
  });
});
