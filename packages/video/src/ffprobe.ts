import type { VideoInfo } from '@autoreel/core';
import { runProcess, type RunOptions } from './ffmpeg-runner.ts';
import { readIndexFirst } from './mp4-index.ts';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  duration?: string;
  bit_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: Record<string, number>;
}

export interface ProbeJson {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: Record<string, string> };
}

/** The arguments of one probe: machine-readable JSON of the container and every stream. */
export function buildProbeArgs(input: string): string[] {
  return [
    // Only real errors on stderr; the answer is on stdout.
    '-v',
    'error',
    // JSON is the one output format with a stable, documented structure.
    '-print_format',
    'json',
    // Container: duration and format names.
    '-show_format',
    // Streams: codecs, profile, pixel format, size, rate, rotation side data.
    '-show_streams',
    input,
  ];
}

function frameRate(text: string | undefined): number {
  if (!text) return 0;
  const [num, den] = text.split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return Math.round((num / den) * 100) / 100;
}

function rotationOf(stream: ProbeStream): number {
  const tag = stream.tags?.['rotate'];
  let degrees = tag !== undefined ? Number(tag) : 0;
  const matrix = stream.side_data_list?.find((s) => typeof s.rotation === 'number');
  // The display matrix states the counter-clockwise angle; the rotate tag and this type speak clockwise.
  if (matrix?.rotation !== undefined) degrees = -matrix.rotation;
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/**
 * Tags every muxer writes and that say nothing about the recording: brands, the muxer's name, track language and
 * handler. Any other tag (location, device make and model, creation time, title, comment) is the uploader's.
 */
const TECHNICAL_TAGS = new Set([
  'major_brand',
  'minor_version',
  'compatible_brands',
  'encoder',
  'language',
  'handler_name',
  'vendor_id',
]);

function recordingTags(json: ProbeJson): string[] {
  const names = [json.format?.tags, ...(json.streams ?? []).map((s) => s.tags)].flatMap((tags) =>
    Object.keys(tags ?? {}),
  );
  return [...new Set(names.filter((name) => !TECHNICAL_TAGS.has(name.toLowerCase())))];
}

function kbps(text: string | undefined): number | null {
  const bits = Number(text);
  return text && Number.isFinite(bits) && bits > 0 ? Math.round(bits / 1000) : null;
}

/** Normalises ffprobe's JSON; a cover picture in an audio file is not a video stream. */
export function parseProbe(json: ProbeJson): VideoInfo {
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.['attached_pic']);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? video?.duration ?? audio?.duration ?? Number.NaN);
  return {
    durationSec: Number.isFinite(duration) ? duration : 0,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    videoCodec: video?.codec_name ?? null,
    profile: video?.profile ?? null,
    pixFmt: video?.pix_fmt ?? null,
    frameRate: frameRate(video?.avg_frame_rate) || frameRate(video?.r_frame_rate),
    videoBitrateKbps: video ? (kbps(video.bit_rate) ?? kbps(json.format?.bit_rate)) : null,
    audioCodec: audio?.codec_name ?? null,
    audioSampleRate: audio?.sample_rate ? Number(audio.sample_rate) : null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    rotation: video ? rotationOf(video) : 0,
    formatName: json.format?.format_name ?? '',
    majorBrand: json.format?.tags?.['major_brand'] ?? null,
    extraStreams: streams.filter((s) => s !== video && s !== audio).length,
    metadataTags: recordingTags(json),
    // Read from the file by probe(); the JSON does not carry it.
    indexFirst: null,
  };
}

/** Probes a local file with ffprobe (and its box order); rejects with an FfmpegError when ffprobe cannot read it. */
export async function probe(
  ffprobePath: string,
  file: string,
  options: Pick<RunOptions, 'signal' | 'timeoutMs'> = {},
): Promise<VideoInfo> {
  const { stdout } = await runProcess(ffprobePath, buildProbeArgs(file), { timeoutMs: 30_000, ...options });
  const info = parseProbe(JSON.parse(stdout) as ProbeJson);
  return /(^|,)(mov|mp4)(,|$)/.test(info.formatName)
    ? { ...info, indexFirst: await readIndexFirst(file) }
    : info;
}
