import type { VideoInfo } from './video-info.ts';

/**
 * The one format every car video is delivered in, so that any browser and phone plays it from the first byte:
 * H.264 High in yuv420p, AAC-LC at 48 kHz, moov atom first (+faststart), no metadata (location, device), closed
 * GOPs of at most 2 s so seeking and segmenting stay cheap. Portrait and square videos fit 720x1280, landscape ones
 * 1280x720: the orientation is kept rather than cropped, and smaller videos are never upscaled.
 */
export interface DeliveryPolicy {
  videoCodec: 'h264';
  profile: 'High';
  pixFmt: 'yuv420p';
  /** The short and long side of the bounding box. */
  shortSide: number;
  longSide: number;
  maxFrameRate: number;
  /** Longest distance between keyframes. */
  maxGopSec: number;
  audioCodec: 'aac';
  audioSampleRate: number;
  audioBitrateKbps: number;
  /** x264 constant rate factor: 23 is x264's default balance of size and quality. */
  crf: number;
  maxBitrateKbps: number;
  /** The encoder's rate buffer in seconds at the cap: the stream may burst over the cap by this much. */
  rateBufferSec: number;
  minDurationSec: number;
  maxDurationSec: number;
}

export const DELIVERY_POLICY: DeliveryPolicy = {
  videoCodec: 'h264',
  profile: 'High',
  pixFmt: 'yuv420p',
  shortSide: 720,
  longSide: 1280,
  maxFrameRate: 30,
  maxGopSec: 2,
  audioCodec: 'aac',
  audioSampleRate: 48_000,
  audioBitrateKbps: 128,
  crf: 23,
  maxBitrateKbps: 3_000,
  rateBufferSec: 2,
  minDurationSec: 3,
  maxDurationSec: 180,
};

/** Width and height as the viewer sees them, after the display rotation. */
export function displaySize(info: Pick<VideoInfo, 'width' | 'height' | 'rotation'>): {
  width: number;
  height: number;
} {
  const quarterTurn = Math.abs(info.rotation) % 180 === 90;
  return quarterTurn
    ? { width: info.height, height: info.width }
    : { width: info.width, height: info.height };
}

/** The box a video is fitted into: portrait and square -> shortSide x longSide, landscape -> longSide x shortSide. */
export function targetBox(
  info: Pick<VideoInfo, 'width' | 'height' | 'rotation'>,
  policy: DeliveryPolicy = DELIVERY_POLICY,
): { width: number; height: number } {
  const { width, height } = displaySize(info);
  return width > height
    ? { width: policy.longSide, height: policy.shortSide }
    : { width: policy.shortSide, height: policy.longSide };
}

/** The delivered size: fitted inside the target box keeping the aspect ratio, never upscaled, even numbers. */
export function deliverySize(
  info: Pick<VideoInfo, 'width' | 'height' | 'rotation'>,
  policy: DeliveryPolicy = DELIVERY_POLICY,
): { width: number; height: number } {
  const { width, height } = displaySize(info);
  const box = targetBox(info, policy);
  const scale = Math.min(1, box.width / width, box.height / height);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

const MP4_FAMILY = /(^|,)(mov|mp4)(,|$)/;

/**
 * What a file needs before it can be delivered: 'check' when it already is in the delivery format and is served as
 * it is, 'remux' when its streams are but the container is not (index last, metadata, extra streams: copied into a
 * fresh MP4), 'transcode' when its streams are not (re-encoded).
 */
export type DeliveryAction = 'check' | 'remux' | 'transcode';

export interface DeliveryDecision {
  action: DeliveryAction;
  /** Why the file cannot be delivered as it is; empty for 'check'. */
  reasons: string[];
}

/** Measurement slack: ffprobe's stream bitrate counts sample headers the encoder's rate control does not. */
const BITRATE_MARGIN = 1.02;

/**
 * The highest average video bitrate an encoder held to the policy's cap can produce over a clip: its rate buffer
 * (the VBV) lets any stretch of T seconds carry cap x T plus one buffer, which on a 4 s clip is half as much again.
 */
export function maxAverageBitrateKbps(durationSec: number, policy: DeliveryPolicy = DELIVERY_POLICY): number {
  const burst = durationSec > 0 ? policy.rateBufferSec / durationSec : 0;
  return policy.maxBitrateKbps * (1 + burst) * BITRATE_MARGIN;
}

/** ISO brands of plain MP4 files; 'qt  ' (QuickTime) plays in fewer browsers. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ']);

/** Reasons the streams must be re-encoded: codec, profile, pixels, rotation, size, rate, bitrate, audio, container. */
function streamReasons(info: VideoInfo, policy: DeliveryPolicy): string[] {
  const reasons: string[] = [];
  if (!info.hasVideo) return ['no video stream'];
  if (info.videoCodec !== policy.videoCodec) reasons.push(`video codec ${info.videoCodec ?? 'unknown'}`);
  if (info.profile !== policy.profile) reasons.push(`profile ${info.profile ?? 'unknown'}`);
  if (info.pixFmt !== policy.pixFmt) reasons.push(`pixel format ${info.pixFmt ?? 'unknown'}`);
  if (info.rotation % 360 !== 0) reasons.push(`rotated ${info.rotation} degrees`);
  const box = targetBox(info, policy);
  const shown = displaySize(info);
  if (shown.width > box.width || shown.height > box.height)
    reasons.push(`larger than ${box.width}x${box.height}`);
  if (info.width % 2 !== 0 || info.height % 2 !== 0) reasons.push('odd dimensions');
  if (info.frameRate > policy.maxFrameRate + 0.01) reasons.push(`${info.frameRate} fps`);
  if (info.videoBitrateKbps === null) reasons.push('bitrate unknown');
  else if (info.videoBitrateKbps > maxAverageBitrateKbps(info.durationSec, policy))
    reasons.push(
      `video at ${Math.round(info.videoBitrateKbps)} kbit/s over a ${policy.maxBitrateKbps} kbit/s cap`,
    );
  if (info.hasAudio) {
    if (info.audioCodec !== policy.audioCodec) reasons.push(`audio codec ${info.audioCodec ?? 'unknown'}`);
    if (info.audioSampleRate !== policy.audioSampleRate)
      reasons.push(`audio at ${info.audioSampleRate ?? '?'} Hz`);
  }
  if (!MP4_FAMILY.test(info.formatName)) reasons.push(`container ${info.formatName || 'unknown'}`);
  return reasons;
}

/** Reasons a file with conforming streams still needs a fresh container. */
function containerReasons(info: VideoInfo): string[] {
  const reasons: string[] = [];
  if (info.indexFirst !== true) reasons.push('index not first');
  if (info.majorBrand === null || !MP4_BRANDS.has(info.majorBrand))
    reasons.push(`brand ${info.majorBrand?.trim() || 'unknown'}`);
  if (info.extraStreams > 0) reasons.push(`${info.extraStreams} extra stream(s)`);
  if (info.metadataTags.length > 0) reasons.push(`metadata: ${info.metadataTags.join(', ')}`);
  return reasons;
}

/**
 * The one rule that decides what a video needs, used by every side that prepares one (the console before upload,
 * the server after): a file the console prepared meets it and is only checked. The GOP length cannot be read from
 * a probe; a file this policy produced always has short GOPs, and one that did not is still delivered playable.
 * Duration is not decided here: `videoRejection` refuses a file before any work.
 */
export function decideDelivery(info: VideoInfo, policy: DeliveryPolicy = DELIVERY_POLICY): DeliveryDecision {
  const transcode = streamReasons(info, policy);
  if (transcode.length > 0) return { action: 'transcode', reasons: transcode };
  const remux = containerReasons(info);
  return remux.length > 0 ? { action: 'remux', reasons: remux } : { action: 'check', reasons: [] };
}

/** Why an uploaded file cannot be a car video, in words for the uploader; null when it can. */
export function videoRejection(info: VideoInfo, policy: DeliveryPolicy = DELIVERY_POLICY): string | null {
  if (!info.hasVideo || info.width <= 0 || info.height <= 0) return 'The file has no video stream';
  if (!(info.durationSec >= policy.minDurationSec)) {
    return `Video is too short: it must be at least ${policy.minDurationSec} seconds long`;
  }
  if (info.durationSec > policy.maxDurationSec) {
    return `Video is too long: it must be at most ${policy.maxDurationSec} seconds long`;
  }
  return null;
}
