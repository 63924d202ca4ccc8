import { DELIVERY_POLICY, deliverySize, type DeliveryPolicy } from './delivery-policy.ts';
import type { VideoInfo } from './video-info.ts';

/**
 * One rung of the adaptive ladder (HLS, fMP4 segments): the box it fits in (for a portrait video; a landscape one
 * turns the box) and its average rates. The encoder holds the video to a capped VBR: at most `PEAK_RATIO_CAP` x
 * the average over any second, with a one-second rate buffer, so no 2 s segment carries more than twice the average.
 */
export interface LadderRung {
  shortSide: number;
  longSide: number;
  videoBitrateKbps: number;
  audioBitrateKbps: number;
}

/**
 * The feed's ladder for 9:16: 270x480 for 3G and Data saver (about 2.2 MB a minute with its audio), 480x854 for a
 * slow 4G, 720x1280 (the MP4's own size and rate) for the rest. Audio is cheaper on the low rungs: on a phone
 * speaker 48 kbit/s AAC-LC is fine, and it is a fifth of the lowest rung's bytes.
 */
export const VIDEO_LADDER: readonly LadderRung[] = [
  { shortSide: 270, longSide: 480, videoBitrateKbps: 250, audioBitrateKbps: 48 },
  { shortSide: 480, longSide: 854, videoBitrateKbps: 600, audioBitrateKbps: 64 },
  { shortSide: 720, longSide: 1280, videoBitrateKbps: 1500, audioBitrateKbps: 128 },
];

/** Segment length in seconds: one closed GOP of the delivery policy (a keyframe every 2 s) per segment. */
export const LADDER_SEGMENT_SEC = 2;
/** maxrate = average x this; the rate buffer holds one second of the average. Worst case over 2 s: 2 x average. */
export const PEAK_RATIO_CAP = 1.5;
export const RATE_BUFFER_SEC = 1;

/** A rung as made for one video: its fitted size and rates. */
export interface LadderRendition extends LadderRung {
  width: number;
  height: number;
}

/**
 * The renditions a video gets: each rung fitted to the video's orientation, never above the video's own size
 * (a rung that would upscale is dropped; a video smaller than the lowest rung gets one rendition at its own size),
 * and never above the delivery policy's box.
 */
export function ladderFor(
  info: Pick<VideoInfo, 'width' | 'height' | 'rotation'>,
  policy: DeliveryPolicy = DELIVERY_POLICY,
  ladder: readonly LadderRung[] = VIDEO_LADDER,
): LadderRendition[] {
  const own = deliverySize(info, policy);
  const renditions: LadderRendition[] = [];
  for (const rung of ladder) {
    const size = deliverySize(info, {
      ...policy,
      shortSide: Math.min(rung.shortSide, policy.shortSide),
      longSide: Math.min(rung.longSide, policy.longSide),
    });
    const seen = renditions.some((r) => r.width === size.width && r.height === size.height);
    if (seen || size.width > own.width || size.height > own.height) continue;
    renditions.push({ ...rung, ...size });
  }
  return renditions;
}
