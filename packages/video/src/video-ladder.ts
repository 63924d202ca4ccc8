import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DELIVERY_POLICY,
  LADDER_SEGMENT_SEC,
  ladderFor,
  PEAK_RATIO_CAP,
  RATE_BUFFER_SEC,
  type DeliveryPolicy,
  type LadderRendition,
  type VideoInfo,
} from '@autoreel/core';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runProcess, type RunOptions } from './ffmpeg-runner.ts';

/** The master playlist's file name inside a ladder's folder. */
export const MASTER_PLAYLIST = 'master.m3u8';

/** The files of rendition `i` inside a ladder's folder: its media playlist, init segment and media segments. */
export const ladderFileNames = {
  playlist: (i: number) => `r${i}.m3u8`,
  init: (i: number) => `r${i}.init.mp4`,
  segment: (i: number, j: number) => `r${i}.s${j}.m4s`,
};

/** Every file of a ladder of `renditions` renditions of `segments` segments each, master first. */
export function ladderFiles(renditions: number, segments: number): string[] {
  const files = [MASTER_PLAYLIST];
  for (let i = 0; i < renditions; i++) {
    files.push(ladderFileNames.playlist(i), ladderFileNames.init(i));
    for (let j = 0; j < segments; j++) files.push(ladderFileNames.segment(i, j));
  }
  return files;
}

export interface LadderSegment {
  file: string;
  durationSec: number;
  bytes: number;
}

export interface MadeRendition extends LadderRendition {
  /** The HLS CODECS attribute, e.g. `avc1.64001f,mp4a.40.2`. */
  codecs: string;
  /** Measured over the segments (audio included), bits per second. */
  averageBandwidth: number;
  /** The busiest segment's rate, bits per second: what BANDWIDTH advertises. */
  peakBandwidth: number;
  segments: LadderSegment[];
}

export interface MadeLadder {
  /** The folder holding every file, named as `ladderFiles` lists them. */
  dir: string;
  renditions: MadeRendition[];
  /** Segments per rendition (the same for all: keyframes are forced on one time grid). */
  segmentCount: number;
  /** Relative names of every file in `dir`, the master playlist first. */
  files: string[];
}

/**
 * One ffmpeg run for every rendition: the input is decoded once and split; each branch is scaled, encoded by
 * x264 with a capped VBR (average, maxrate = PEAK_RATIO_CAP x average, a RATE_BUFFER_SEC buffer), keyframes forced
 * every LADDER_SEGMENT_SEC seconds on one time grid with closed GOPs and no scene-cut keyframes (so segments of all
 * renditions line up and each decodes alone), and written as HLS with fMP4 (CMAF) segments.
 *
 * With `topIsInput`, the input already is the top rung (see MakeLadderOptions): its picture is copied into the top
 * rendition as it is, and only the smaller ones are encoded.
 */
export function buildLadderArgs(
  input: string,
  dir: string,
  source: VideoInfo,
  renditions: readonly LadderRendition[],
  policy: DeliveryPolicy = DELIVERY_POLICY,
  { topIsInput = false }: { topIsInput?: boolean } = {},
): string[] {
  const n = renditions.length;
  const top = renditions[n - 1]!;
  const copyable =
    source.videoCodec === 'h264' &&
    source.pixFmt === policy.pixFmt &&
    source.width === top.width &&
    source.height === top.height &&
    source.rotation === 0 &&
    source.frameRate <= policy.maxFrameRate;
  if (topIsInput && !copyable)
    throw new Error(
      `The input (${source.width}x${source.height} ${source.videoCodec}) is not the ${top.width}x${top.height} top rung`,
    );
  // The renditions ffmpeg encodes; a copied top rung is mapped from the input instead.
  const encoded = topIsInput ? renditions.slice(0, -1) : renditions;
  // Cap the frame rate in the graph (ffmpeg 4.1, the packaged fallback, has no -fpsmax): slower videos untouched.
  const fps = source.frameRate > policy.maxFrameRate ? `fps=${policy.maxFrameRate},` : '';
  // The source is scaled once, to the top rung; the smaller rungs are scaled from that picture, which costs a
  // fraction of scaling the full source again for each. A copied top rung is that picture already.
  const head = topIsInput
    ? 'null'
    : `scale=${top.width}:${top.height}:flags=lanczos,setsar=1,format=${policy.pixFmt}`;
  const k = encoded.length;
  const split = k > 1 ? `${head},split=${k}${encoded.map((_, i) => `[s${i}]`).join('')}` : `${head}[s0]`;
  const branches = encoded.map((r, i) =>
    r === top ? `[s${i}]null[v${i}]` : `[s${i}]scale=${r.width}:${r.height}:flags=lanczos,setsar=1[v${i}]`,
  );
  const gopFrames = String(Math.round(policy.maxFrameRate * LADDER_SEGMENT_SEC));
  const args: string[] = [
    // No banner, never wait on stdin, overwrite the fresh temporary folder's files.
    ...['-hide_banner', '-nostdin', '-y'],
    // The input, decoded once; ffmpeg applies its display rotation while decoding.
    ...['-i', input],
  ];
  // One decode, one branch per encoded rendition, each fitted to its size in 8-bit 4:2:0.
  if (k > 0) args.push('-filter_complex', `[0:v:0]${fps}${split};${branches.join(';')}`);
  for (let i = 0; i < n; i++) {
    // The rendition's picture, then (when the source has sound) its own copy of the first audio stream.
    args.push('-map', i < k ? `[v${i}]` : '0:v:0');
    if (source.hasAudio) args.push('-map', '0:a:0');
  }
  // No metadata: location, device, creation time.
  args.push(...['-map_metadata', '-1', '-map_chapters', '-1']);
  // Encoder options name their stream, so none reaches a copied one.
  encoded.forEach((r, i) => {
    const v = `:v:${i}`;
    args.push(
      // H.264 High, the level left to x264 per size (the small rungs stay within low levels old phones accept).
      ...[`-c${v}`, 'libx264', `-profile${v}`, 'high', `-pix_fmt${v}`, policy.pixFmt],
      // A keyframe every LADDER_SEGMENT_SEC seconds at the highest frame rate, and forced on the time grid.
      ...[`-g${v}`, gopFrames, `-keyint_min${v}`, gopFrames],
      ...[`-force_key_frames${v}`, `expr:gte(t,n_forced*${LADDER_SEGMENT_SEC})`],
      // No scene-cut keyframes; closed GOPs so each segment decodes on its own.
      ...[`-sc_threshold${v}`, '0', `-flags${v}`, '+cgop'],
      // The top rung as the single rendition was made; the smaller ones a faster preset, where its loss is least
      // seen and their encodes would otherwise cost half the top's again.
      ...[`-preset${v}`, r === top ? 'veryfast' : 'superfast'],
      // Capped VBR: the average, a ceiling at PEAK_RATIO_CAP x, and one second of buffer at the average.
      ...[`-b${v}`, `${r.videoBitrateKbps}k`],
      ...[`-maxrate${v}`, `${Math.round(r.videoBitrateKbps * PEAK_RATIO_CAP)}k`],
      ...[`-bufsize${v}`, `${Math.round(r.videoBitrateKbps * RATE_BUFFER_SEC)}k`],
    );
  });
  if (topIsInput) args.push(`-c:v:${n - 1}`, 'copy');
  if (source.hasAudio) {
    // AAC-LC 48 kHz stereo; the rate per rendition.
    args.push('-c:a', 'aac', '-profile:a', 'aac_low', '-ar', String(policy.audioSampleRate), '-ac', '2');
    renditions.forEach((r, i) => args.push(`-b:a:${i}`, `${r.audioBitrateKbps}k`));
  }
  const streamMap = renditions.map((_, i) => (source.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push(
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'hls',
    // Segments of one GOP; a video-on-demand playlist written once, with every segment listed.
    ...['-hls_time', String(LADDER_SEGMENT_SEC), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    // fMP4 (CMAF) segments, which hls.js, Safari and Android all play, after one init segment per rendition.
    ...['-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', join(dir, 'ff_%v_%d.m4s'), '-hls_fmp4_init_filename', 'ff_init_%v.mp4'],
    // One playlist per rendition; the master is written afterwards with measured rates (ffmpeg 4.1, the packaged
    // fallback, crashes writing its own master of fMP4 variants).
    ...['-var_stream_map', streamMap],
    join(dir, 'ff_%v.m3u8'),
  );
  return args;
}

interface ParsedMediaPlaylist {
  init: string | null;
  segments: Array<{ uri: string; durationSec: number }>;
}

function parseMediaPlaylist(text: string): ParsedMediaPlaylist {
  let init: string | null = null;
  const segments: ParsedMediaPlaylist['segments'] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) init = map[1]!;
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, durationSec: duration });
      duration = null;
    }
  }
  return { init, segments };
}

/**
 * The HLS CODECS string of a rendition from its init segment: `avc1.` + the profile, constraint flags and level
 * bytes of the H.264 configuration record (avcC), then AAC-LC's `mp4a.40.2` when there is sound.
 */
export function codecsOf(init: Buffer, hasAudio: boolean): string {
  const at = init.indexOf('avcC', 0, 'latin1');
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const video =
    at >= 0 && init.length >= at + 8
      ? `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`
      : 'avc1.640028';
  return hasAudio ? `${video},mp4a.40.2` : video;
}

function mediaPlaylist(rendition: MadeRendition, index: number): string {
  const target = Math.ceil(Math.max(...rendition.segments.map((s) => s.durationSec)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${ladderFileNames.init(index)}"`,
    ...rendition.segments.flatMap((s) => [`#EXTINF:${s.durationSec.toFixed(6)},`, s.file]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** The master playlist: variants from the lowest up (hls.js and Safari start from the first listed). */
export function masterPlaylist(renditions: readonly MadeRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  renditions.forEach((r, i) => {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.peakBandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
      ladderFileNames.playlist(i),
    );
  });
  return `${lines.join('\n')}\n`;
}

export interface MakeLadderOptions {
  input: string;
  /** An empty folder the ladder is written to (made when missing). */
  dir: string;
  /** The probe of `input`. */
  source: VideoInfo;
  binaries: FfmpegBinaries;
  policy?: DeliveryPolicy;
  /**
   * The input already is the ladder's top rung, and is copied into it rather than encoded again: H.264 at the top
   * rung's size, at most the policy's frame rate, with keyframes on the LADDER_SEGMENT_SEC grid (as
   * `deliveryEncodeArgs` places them). A video made for the ladder, such as a demo walk-around, is.
   */
  topIsInput?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (fraction: number) => void;
}

/**
 * Makes the HLS ladder of a video in one ffmpeg run, then names its files as `ladderFiles` lists them, rewrites the
 * media playlists to those names and writes the master playlist with the measured AVERAGE-BANDWIDTH and the
 * busiest segment's rate as BANDWIDTH.
 */
export async function makeLadder(options: MakeLadderOptions): Promise<MadeLadder> {
  const { input, dir, source, binaries } = options;
  const policy = options.policy ?? DELIVERY_POLICY;
  const renditions = ladderFor(source, policy);
  const run: RunOptions = {
    timeoutMs: options.timeoutMs ?? Math.max(60_000, source.durationSec * 10_000),
    durationSec: source.durationSec,
    onProgress: (p) => options.onProgress?.(p.ratio ?? 0),
  };
  if (options.signal) run.signal = options.signal;
  await mkdir(dir, { recursive: true });
  const args = buildLadderArgs(input, dir, source, renditions, policy, {
    topIsInput: options.topIsInput ?? false,
  });
  await runProcess(binaries.ffmpeg, args, run);

  const made: MadeRendition[] = [];
  for (const [i, rendition] of renditions.entries()) {
    const parsed = parseMediaPlaylist(await readFile(join(dir, `ff_${i}.m3u8`), 'utf8'));
    if (!parsed.init || parsed.segments.length === 0)
      throw new Error(`ffmpeg wrote no segments for ${rendition.width}x${rendition.height}`);
    await rename(join(dir, parsed.init), join(dir, ladderFileNames.init(i)));
    const segments: LadderSegment[] = [];
    for (const [j, segment] of parsed.segments.entries()) {
      const file = ladderFileNames.segment(i, j);
      await rename(join(dir, segment.uri), join(dir, file));
      segments.push({ file, durationSec: segment.durationSec, bytes: (await stat(join(dir, file))).size });
    }
    const seconds = segments.reduce((sum, s) => sum + s.durationSec, 0);
    const bytes = segments.reduce((sum, s) => sum + s.bytes, 0);
    // The last segment may be a fraction of a second: its rate says little, so it is left out of the peak.
    const measured = segments.length > 1 ? segments.slice(0, -1) : segments;
    made.push({
      ...rendition,
      codecs: codecsOf(await readFile(join(dir, ladderFileNames.init(i))), source.hasAudio),
      averageBandwidth: Math.round((bytes * 8) / seconds),
      peakBandwidth: Math.round(Math.max(...measured.map((s) => (s.bytes * 8) / s.durationSec))),
      segments,
    });
  }
  const segmentCount = made[0]!.segments.length;
  if (made.some((r) => r.segments.length !== segmentCount))
    throw new Error('The renditions were cut into different numbers of segments');
  for (const [i, rendition] of made.entries())
    await writeFile(join(dir, ladderFileNames.playlist(i)), mediaPlaylist(rendition, i));
  await writeFile(join(dir, MASTER_PLAYLIST), masterPlaylist(made));
  for (const name of await readdir(dir))
    if (name.startsWith('ff_')) await rm(join(dir, name), { force: true });
  return { dir, renditions: made, segmentCount, files: ladderFiles(made.length, segmentCount) };
}

/**
 * The top rendition as one plain MP4 (the file for players without HLS): its init segment and media segments
 * joined are a fragmented MP4, which ffmpeg copies into an ordinary one with the index first. No re-encoding.
 */
export async function topRenditionAsMp4(
  ladder: MadeLadder,
  output: string,
  binaries: FfmpegBinaries,
  signal?: AbortSignal,
): Promise<void> {
  const top = ladder.renditions.length - 1;
  const joined = join(ladder.dir, 'joined.tmp.mp4');
  const out = createWriteStream(joined);
  const parts = [ladderFileNames.init(top), ...ladder.renditions[top]!.segments.map((s) => s.file)];
  await pipeline(async function* () {
    for (const part of parts) for await (const chunk of createReadStream(join(ladder.dir, part))) yield chunk;
  }, out);
  try {
    await runProcess(
      binaries.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-y', '-i', joined],
        // Both streams as they are, no metadata, the index first.
        ...['-map', '0', '-c', 'copy', '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4'],
        output,
      ],
      { timeoutMs: 60_000, ...(signal ? { signal } : {}) },
    );
  } finally {
    await rm(joined, { force: true });
  }
}
