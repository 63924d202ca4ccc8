import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDelivery, VIDEO_LADDER } from '@autoreel/core';
import { resolveFfmpegBinaries, type FfmpegBinaries } from './ffmpeg-binaries.ts';
import { probe } from './ffprobe.ts';
import { prepareVideo, type PreparedVideoResult } from './video-pipeline.ts';
import { deliveryEncodeArgs } from './ffmpeg-args.ts';
import { ladderFileNames, ladderFiles, makeLadder, MASTER_PLAYLIST } from './video-ladder.ts';

let dir: string;
let binaries: FfmpegBinaries;

function generate(name: string, inputs: string[], encode: string[]): string {
  const output = join(dir, name);
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  for (const input of inputs) args.push('-f', 'lavfi', '-i', input);
  execFileSync('ffmpeg', [...args, ...encode, output]);
  return output;
}

const picture = (size: string, seconds: number) => `testsrc2=size=${size}:rate=30:duration=${seconds}`;
const tone = (seconds: number) => `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
const phoneEncode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-pix_fmt', 'yuv420p'];

interface Packet {
  pts: number;
  size: number;
  key: boolean;
}

/** The video packets of an MP4, read by ffprobe. */
function packetsOf(file: string): Packet[] {
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,size,flags'],
    ...['-of', 'json', file],
  ]).toString();
  const packets = (JSON.parse(out) as { packets: Array<{ pts_time: string; size: string; flags: string }> })
    .packets;
  return packets.map((p) => ({
    pts: Number(p.pts_time),
    size: Number(p.size),
    key: p.flags.startsWith('K'),
  }));
}

/** The video packets of one rendition (init segment and media segments joined). */
function videoPackets(ladderDir: string, rendition: number, segments: number): Packet[] {
  const joined = join(ladderDir, `probe-${rendition}.mp4`);
  const parts = [ladderFileNames.init(rendition)];
  for (let j = 0; j < segments; j++) parts.push(ladderFileNames.segment(rendition, j));
  writeFileSync(joined, Buffer.concat(parts.map((p) => readFileSync(join(ladderDir, p)))));
  const packets = packetsOf(joined);
  rmSync(joined);
  return packets;
}

async function ladderOf(name: string, input: string): Promise<PreparedVideoResult> {
  const ladderDir = join(dir, `${name}.hls`);
  mkdirSync(ladderDir);
  return prepareVideo({
    input,
    output: join(dir, `${name}.prepared.mp4`),
    posterOutput: join(dir, `${name}.poster.jpg`),
    binaries,
    ladderDir,
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoreel-ladder-'));
  binaries = resolveFfmpegBinaries();
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the adaptive ladder (real ffmpeg)', { timeout: 300_000 }, () => {
  it('makes three renditions of a 1080x1920 phone video in one run, segments of 2 s, keyframes every 2 s, capped rates', async () => {
    const input = generate(
      'phone.mp4',
      [picture('1080x1920', 8), tone(8)],
      [...phoneEncode, ...['-c:a', 'aac', '-shortest']],
    );
    const progress: number[] = [];
    const result = await prepareVideo({
      input,
      output: join(dir, 'phone.prepared.mp4'),
      posterOutput: join(dir, 'phone.poster.jpg'),
      binaries,
      ladderDir: join(dir, 'phone.hls'),
      onProgress: (p) => progress.push(p),
    });
    expect(result.action).toBe('transcoded');
    const ladder = result.ladder!;
    expect(ladder.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
      '270x480',
      '480x854',
      '720x1280',
    ]);
    expect(ladder.segmentCount).toBe(4);
    expect(readdirSync(ladder.dir).sort()).toEqual([...ladder.files].sort());
    expect(ladder.files).toEqual(ladderFiles(3, 4));
    expect(progress.at(-1)).toBe(1);

    // The master playlist names every rendition with its rates, size and codecs, lowest first.
    const master = readFileSync(join(ladder.dir, MASTER_PLAYLIST), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((v) => v[2])).toEqual(['r0.m3u8', 'r1.m3u8', 'r2.m3u8']);
    for (const [i, variant] of variants.entries()) {
      const attrs = variant[1]!;
      expect(attrs).toMatch(/(^|,)BANDWIDTH=\d+/);
      expect(attrs).toMatch(/AVERAGE-BANDWIDTH=\d+/);
      expect(attrs).toContain(`RESOLUTION=${ladder.renditions[i]!.width}x${ladder.renditions[i]!.height}`);
      expect(attrs).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
    }

    for (const [i, rendition] of ladder.renditions.entries()) {
      // Media playlists: fMP4 with an init segment, 2 s segments (the last may be shorter), none over 4 s.
      const playlist = readFileSync(join(ladder.dir, ladderFileNames.playlist(i)), 'utf8');
      expect(playlist).toContain(`#EXT-X-MAP:URI="${ladderFileNames.init(i)}"`);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const durations = rendition.segments.map((s) => s.durationSec);
      for (const d of durations.slice(0, -1)) expect(d).toBeCloseTo(2, 1);
      expect(Math.max(...durations)).toBeLessThanOrEqual(4);

      // Keyframes exactly every 2 s, each segment starting on one (segments line up across renditions).
      const packets = videoPackets(ladder.dir, i, ladder.segmentCount);
      const keys = packets.filter((p) => p.key).map((p) => p.pts - packets[0]!.pts);
      expect(keys.map((t) => Math.round(t * 10) / 10)).toEqual([0, 2, 4, 6]);

      // Video rate by ffprobe's packet sizes: near the rung's average; no 2 s stretch above twice the average.
      const seconds = durations.reduce((a, b) => a + b, 0);
      const kbps = (packets.reduce((sum, p) => sum + p.size, 0) * 8) / seconds / 1000;
      const target = VIDEO_LADDER[i]!.videoBitrateKbps;
      expect(kbps).toBeGreaterThan(target * 0.6);
      expect(kbps).toBeLessThan(target * 1.25);
      for (let start = 0; start < 6; start += 2) {
        const bits = packets
          .filter((p) => p.pts - packets[0]!.pts >= start && p.pts - packets[0]!.pts < start + 2)
          .reduce((sum, p) => sum + p.size * 8, 0);
        expect(bits / 2 / 1000).toBeLessThanOrEqual(2 * kbps);
      }
      expect(rendition.peakBandwidth).toBeLessThanOrEqual(2 * rendition.averageBandwidth);
    }

    // The MP4 is the top rendition copied out: the delivery format, so the next side only checks it.
    const mp4 = await probe(binaries.ffprobe, result.delivered);
    expect(mp4).toMatchObject({ width: 720, height: 1280, hasAudio: true, indexFirst: true });
    expect(decideDelivery(mp4)).toEqual({ action: 'check', reasons: [] });
    expect(Math.abs(mp4.durationSec - 8)).toBeLessThan(0.2);
  });

  it('never upscales: a 480x854 video gets the two rungs up to its size, a small one a single rendition', async () => {
    const mid = await ladderOf(
      'mid',
      generate('mid.mp4', [picture('480x854', 4), tone(4)], [...phoneEncode, '-c:a', 'aac', '-shortest']),
    );
    expect(mid.ladder!.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['270x480', '480x854']);
    expect(mid.deliveredInfo).toMatchObject({ width: 480, height: 854 });

    const small = await ladderOf('small', generate('small.mp4', [picture('240x426', 4)], phoneEncode));
    expect(small.ladder!.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['240x426']);
    // No audio in, none out; the master says so in CODECS.
    expect(readFileSync(join(small.ladder!.dir, MASTER_PLAYLIST), 'utf8')).toMatch(
      /CODECS="avc1\.[0-9a-f]+"/,
    );
  });

  it('copies an input that already is the top rung into it, and encodes only the rungs below', async () => {
    // Made as the demo walk-arounds are: the delivery encode, keyframes on the 2 s grid, at the middle rung's size.
    const input = generate(
      'rung.mp4',
      [picture('480x854', 6), tone(6)],
      [...deliveryEncodeArgs(), '-shortest', '-f', 'mp4'],
    );
    const source = await probe(binaries.ffprobe, input);
    const ladderDir = join(dir, 'rung.hls');
    const ladder = await makeLadder({ input, dir: ladderDir, source, binaries, topIsInput: true });
    expect(ladder.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['270x480', '480x854']);
    expect(ladder.segmentCount).toBe(3);
    // The top rendition's pictures are the input's, byte for byte; the lower one is encoded, on the same grid.
    const sizes = (packets: Packet[]) => packets.map((p) => p.size);
    const own = videoPackets(ladderDir, 1, 3);
    expect(sizes(own)).toEqual(sizes(packetsOf(input)));
    for (const rendition of [0, 1]) {
      const packets = videoPackets(ladderDir, rendition, 3);
      const keys = packets.filter((p) => p.key).map((p) => Math.round((p.pts - packets[0]!.pts) * 10) / 10);
      expect(keys).toEqual([0, 2, 4]);
    }
    expect(readFileSync(join(ladderDir, MASTER_PLAYLIST), 'utf8')).toContain('RESOLUTION=480x854');

    // An input of another size is not the top rung: refused, not copied into a ladder that lies about it.
    const other = generate('other.mp4', [picture('1080x1920', 1)], phoneEncode);
    await expect(
      makeLadder({
        input: other,
        dir: join(dir, 'other.hls'),
        source: await probe(binaries.ffprobe, other),
        binaries,
        topIsInput: true,
      }),
    ).rejects.toThrow('is not the 720x1280 top rung');
  });

  it('turns the boxes for a landscape video', async () => {
    const wide = await ladderOf('wide', generate('wide.mp4', [picture('1280x720', 4)], phoneEncode));
    expect(wide.ladder!.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
      '480x270',
      '854x480',
      '1280x720',
    ]);
  });

  it('makes the ladder from a file that is only checked, and leaves the file as it is', async () => {
    const delivered = await ladderOf(
      'checked-source',
      generate('ready.mp4', [picture('720x1280', 4), tone(4)], [...phoneEncode, '-c:a', 'aac', '-shortest']),
    );
    const again = await ladderOf('checked', delivered.delivered);
    expect(again.action).toBe('checked');
    expect(again.delivered).toBe(delivered.delivered);
    expect(again.ladder!.renditions).toHaveLength(3);
  });
});
