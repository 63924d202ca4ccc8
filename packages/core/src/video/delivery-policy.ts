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

export interface TranscodeDecision {
  transcode: boolean;
  /** Why the file cannot be delivered as it is; empty when a remux with +faststart is enough. */
  reasons: string[];
}

/**
 * Whether a file must be re-encoded, or only remuxed (moov first, metadata dropped) because its streams already
 * match the policy. The GOP length cannot be read from a probe; callers remux only files whose streams match, and
 * a file this policy produced always has short GOPs.
 */
export function needsTranscode(info: VideoInfo, policy: DeliveryPolicy = DELIVERY_POLICY): TranscodeDecision {
  const reasons: string[] = [];
  if (!info.hasVideo) return { transcode: true, reasons: ['no video stream'] };
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
  if (info.hasAudio) {
    if (info.audioCodec !== policy.audioCodec) reasons.push(`audio codec ${info.audioCodec ?? 'unknown'}`);
    if (info.audioSampleRate !== policy.audioSampleRate)
      reasons.push(`audio at ${info.audioSampleRate ?? '?'} Hz`);
  }
  if (!MP4_FAMILY.test(info.formatName)) reasons.push(`container ${info.formatName}`);
  return { transcode: reasons.length > 0, reasons };
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
