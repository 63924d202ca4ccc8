import type { VideoInfo } from '@autoreel/core';
import { runProcess, type RunOptions } from './ffmpeg-runner.ts';

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
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: Record<string, number>;
}

export interface ProbeJson {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
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
    audioCodec: audio?.codec_name ?? null,
    audioSampleRate: audio?.sample_rate ? Number(audio.sample_rate) : null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    rotation: video ? rotationOf(video) : 0,
    formatName: json.format?.format_name ?? '',
  };
}

/** Probes a local file with ffprobe; rejects with an FfmpegError when ffprobe cannot read it. */
export async function probe(
  ffprobePath: string,
  file: string,
  options: Pick<RunOptions, 'signal' | 'timeoutMs'> = {},
): Promise<VideoInfo> {
  const { stdout } = await runProcess(ffprobePath, buildProbeArgs(file), { timeoutMs: 30_000, ...options });
  return parseProbe(JSON.parse(stdout) as ProbeJson);
}
