import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDelivery } from '@autoreel/core';
import { resolveFfmpegBinaries, type FfmpegBinaries } from './ffmpeg-binaries.ts';
import { probe } from './ffprobe.ts';
import { prepareVideo, VideoRejectedError } from './video-pipeline.ts';

let dir: string;
let binaries: FfmpegBinaries;
/** Every ffmpeg run of the pipeline, one line of arguments each: the proof of what it did and did not encode. */
let ffmpegLog: string;
const clips: Record<string, string> = {};

function ffmpegRuns(): string[] {
  return existsSync(ffmpegLog) ? readFileSync(ffmpegLog, 'utf8').trim().split('\n') : [];
}

function generate(name: string, inputs: string[], encode: string[]): string {
  const output = join(dir, name);
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  for (const input of inputs) args.push('-f', 'lavfi', '-i', input);
  execFileSync('ffmpeg', [...args, ...encode, output]);
  return output;
}

const picture = (size: string, seconds: number) => `testsrc2=size=${size}:rate=30:duration=${seconds}`;
const tone = (rate: number, seconds: number) => `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoreel-pipeline-'));
  ffmpegLog = join(dir, 'ffmpeg-runs.log');
  const real = resolveFfmpegBinaries();
  // The real ffmpeg behind a script that writes down each run's arguments.
  const recorder = join(dir, 'ffmpeg');
  writeFileSync(recorder, `#!/bin/sh\necho "$*" >> '${ffmpegLog}'\nexec '${real.ffmpeg}' "$@"\n`);
  chmodSync(recorder, 0o755);
  binaries = { ffmpeg: recorder, ffprobe: real.ffprobe };

  // What a phone records: 1080x1920 H.264 at a high rate, 44.1 kHz audio, a place and a date.
  clips['phone'] = generate(
    'phone.mp4',
    [picture('1080x1920', 4), tone(44_100, 4)],
    [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', '-metadata', 'location=+26.3-031.1/'],
    ],
  );
  // Streams already in the delivery format, but the index last and a location tag: a new container suffices.
  clips['indexLast'] = generate(
    'index-last.mp4',
    [picture('720x1280', 3.5), tone(48_000, 3.5)],
    [
      ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-ar', '48000', '-shortest', '-metadata', 'location=+26.3-031.1/'],
    ],
  );
  clips['short'] = generate(
    'short.mp4',
    [picture('720x1280', 2)],
    ['-c:v', 'libx264', '-preset', 'ultrafast'],
  );
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('prepareVideo (real ffmpeg)', { timeout: 180_000 }, () => {
  let transcoded: string;

  it('transcodes a phone video into a file that meets the rule, and takes its poster', async () => {
    rmSync(ffmpegLog, { force: true });
    const progress: number[] = [];
    const result = await prepareVideo({
      input: clips['phone']!,
      output: join(dir, 'phone.prepared.mp4'),
      posterOutput: join(dir, 'phone.poster.jpg'),
      binaries,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.action).toBe('transcoded');
    expect(result.reasons).toEqual(expect.arrayContaining(['larger than 720x1280', 'audio at 44100 Hz']));
    expect(result.delivered).toBe(join(dir, 'phone.prepared.mp4'));
    expect(result.deliveredInfo).toMatchObject({
      width: 720,
      height: 1280,
      indexFirst: true,
      metadataTags: [],
    });
    // What the pipeline delivers passes its own rule: the next side to see it only checks it.
    expect(decideDelivery(result.deliveredInfo)).toEqual({ action: 'check', reasons: [] });
    const runs = ffmpegRuns();
    expect(runs).toHaveLength(2);
    expect(runs[0]).toContain('-c:v libx264');
    expect(runs[1]).toContain('-frames:v 1');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    const poster = await probe(binaries.ffprobe, result.poster!);
    expect(poster).toMatchObject({ videoCodec: 'mjpeg', width: 720, height: 1280 });
    transcoded = result.delivered;
  });

  it('only checks a file already prepared: no encode, no copy, the bytes untouched', async () => {
    rmSync(ffmpegLog, { force: true });
    const before = readFileSync(transcoded);
    const output = join(dir, 'again.mp4');
    const result = await prepareVideo({
      input: transcoded,
      output,
      posterOutput: join(dir, 'again.poster.jpg'),
      binaries,
    });
    expect(result).toMatchObject({ action: 'checked', reasons: [], delivered: transcoded });
    expect(existsSync(output)).toBe(false);
    expect(readFileSync(transcoded).equals(before)).toBe(true);
    // ffmpeg ran once, for the poster.
    const runs = ffmpegRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toContain('-frames:v 1');
    expect(runs[0]).not.toMatch(/libx264|-c copy/);
    expect(existsSync(join(dir, 'again.poster.jpg'))).toBe(true);
  });

  it('runs no ffmpeg at all for a checked file when the caller has its poster', async () => {
    rmSync(ffmpegLog, { force: true });
    const result = await prepareVideo({
      input: transcoded,
      output: join(dir, 'unused.mp4'),
      // As the server asks when the upload came with a poster: none for a checked file.
      posterOutput: (action) => (action === 'checked' ? null : join(dir, 'unused.jpg')),
      binaries,
    });
    expect(result.action).toBe('checked');
    expect(result.poster).toBeNull();
    expect(ffmpegRuns()).toEqual([]);
  });

  it('remuxes conforming streams with the index last and a location: streams copied, tags gone', async () => {
    rmSync(ffmpegLog, { force: true });
    const source = await probe(binaries.ffprobe, clips['indexLast']!);
    expect(source.indexFirst).toBe(false);
    const result = await prepareVideo({
      input: clips['indexLast']!,
      output: join(dir, 'remuxed.mp4'),
      posterOutput: join(dir, 'remuxed.jpg'),
      binaries,
    });
    expect(result.action).toBe('remuxed');
    expect(result.reasons).toEqual(expect.arrayContaining(['index not first']));
    expect(result.reasons.join(' ')).toMatch(/metadata: .*location/);
    expect(ffmpegRuns()[0]).toContain('-c copy');
    expect(result.deliveredInfo).toMatchObject({ indexFirst: true, metadataTags: [] });
    expect(result.deliveredInfo.videoBitrateKbps).toBe(source.videoBitrateKbps);
    expect(decideDelivery(result.deliveredInfo).action).toBe('check');
  });

  it('refuses a clip under 3 s before any work and writes nothing', async () => {
    rmSync(ffmpegLog, { force: true });
    const output = join(dir, 'short.prepared.mp4');
    const error = await prepareVideo({ input: clips['short']!, output, binaries }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoRejectedError);
    expect((error as Error).message).toMatch(/too short/);
    expect(ffmpegRuns()).toEqual([]);
    expect(existsSync(output)).toBe(false);
  });
});
