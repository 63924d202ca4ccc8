import { DELIVERY_POLICY, deliverySize, type DeliveryPolicy, type VideoInfo } from '@autoreel/core';

/** Flags every run shares. */
function common(): string[] {
  return [
    // No banner: stderr keeps only what explains a failure.
    '-hide_banner',
    // Never wait on stdin; a server has no terminal.
    '-nostdin',
    // Overwrite: outputs are fresh temporary paths the caller owns.
    '-y',
  ];
}

/** Machine-readable progress on stdout instead of the interactive status line on stderr. */
function progress(): string[] {
  return ['-progress', 'pipe:1', '-nostats'];
}

/**
 * Which streams a delivered video keeps, shared by transcodes and remuxes: the first video stream, the first audio
 * stream when there is one, and no metadata.
 */
function deliveredStreams(): string[] {
  return [
    // First video stream only: phones add depth maps and cover pictures as extra streams.
    '-map',
    '0:v:0',
    // First audio stream when there is one; the trailing ? keeps silent videos valid.
    '-map',
    '0:a:0?',
    // Drop container and stream metadata: GPS location, device model, creation time.
    '-map_metadata',
    '-1',
    // Chapters are metadata too.
    '-map_chapters',
    '-1',
  ];
}

/**
 * The encoder half of the delivery format, shared by transcodes and generated demo clips: H.264 High yuv420p with
 * closed GOPs of at most maxGopSec, AAC-LC 48 kHz stereo, index first.
 */
export function deliveryEncodeArgs(policy: DeliveryPolicy = DELIVERY_POLICY): string[] {
  const gopFrames = String(Math.round(policy.maxFrameRate * policy.maxGopSec));
  return [
    // H.264 plays everywhere, including browsers without HEVC.
    '-c:v',
    'libx264',
    // High profile: the best compression every current phone and browser decodes in hardware.
    '-profile:v',
    'high',
    // Level 4.0 covers 1280x720 at 30 fps with headroom and is accepted by all mobile decoders.
    '-level:v',
    '4.0',
    // veryfast: near-medium quality at a fraction of the time on a small server.
    '-preset',
    'veryfast',
    // Constant quality, capped below so a noisy clip cannot explode in size.
    '-crf',
    String(policy.crf),
    '-maxrate',
    `${policy.maxBitrateKbps}k`,
    // Two seconds of buffer for the cap, as streaming guidelines recommend (the check rule allows the same burst).
    '-bufsize',
    `${policy.maxBitrateKbps * policy.rateBufferSec}k`,
    // Explicit pixel format for the encoder, matching the filter chain.
    '-pix_fmt',
    policy.pixFmt,
    // A keyframe at most every maxGopSec seconds at the highest rate allowed, so seeking is quick.
    '-g',
    gopFrames,
    // Keyframes on the time grid whatever the frame rate, for the same reason.
    '-force_key_frames',
    `expr:gte(t,n_forced*${policy.maxGopSec})`,
    // No scene-cut keyframes between them: GOPs stay regular.
    '-sc_threshold',
    '0',
    // Closed GOPs: each segment decodes on its own.
    '-flags',
    '+cgop',
    // AAC-LC: the audio codec every MP4 player supports.
    '-c:a',
    'aac',
    '-profile:a',
    'aac_low',
    // 48 kHz, the rate of video production and of most phones.
    '-ar',
    String(policy.audioSampleRate),
    // Stereo at most: surround tracks from cameras are wasted on phone speakers.
    '-ac',
    '2',
    '-b:a',
    `${policy.audioBitrateKbps}k`,
    // The index (moov) first so playback starts before the whole file arrives.
    '-movflags',
    '+faststart',
  ];
}

/** Re-encodes into the delivery format: H.264 High yuv420p, fitted size, AAC-LC 48 kHz, closed 2 s GOPs. */
export function buildTranscodeArgs(
  input: string,
  output: string,
  info: VideoInfo,
  policy: DeliveryPolicy = DELIVERY_POLICY,
): string[] {
  const size = deliverySize(info, policy);
  return [
    ...common(),
    // The input, read as is; ffmpeg applies its display rotation while decoding (autorotate is on by default).
    '-i',
    input,
    ...deliveredStreams(),
    // Fit inside the box keeping the aspect ratio, even sizes for 4:2:0, then 8-bit 4:2:0 for every decoder.
    '-vf',
    `scale=${size.width}:${size.height}:flags=lanczos,setsar=1,format=${policy.pixFmt}`,
    // Cap the rate without touching slower videos: 60 fps phone clips halve their size.
    '-fpsmax',
    String(policy.maxFrameRate),
    ...deliveryEncodeArgs(policy),
    ...progress(),
    // MP4 whatever the output's name.
    '-f',
    'mp4',
    output,
  ];
}

/** Copies conforming streams into a fresh MP4 with the index first and no metadata: fast, lossless. */
export function buildRemuxArgs(input: string, output: string): string[] {
  return [
    ...common(),
    '-i',
    input,
    ...deliveredStreams(),
    // No re-encoding: the streams already match the policy.
    '-c',
    'copy',
    // The index first for progressive playback.
    '-movflags',
    '+faststart',
    ...progress(),
    '-f',
    'mp4',
    output,
  ];
}

/** One JPEG frame for the poster, taken where the video has settled (not the usually dark first frame). */
export function buildPosterArgs(
  input: string,
  output: string,
  info: VideoInfo,
  policy = DELIVERY_POLICY,
): string[] {
  const at = Math.min(1, Math.max(0, info.durationSec / 3));
  const size = deliverySize(info, policy);
  return [
    ...common(),
    // Seeking before -i jumps to the nearest keyframe: fast on long files.
    '-ss',
    at.toFixed(3),
    '-i',
    input,
    // A single frame.
    '-frames:v',
    '1',
    // Same size as the delivered video, full-range-safe 4:2:0 for JPEG.
    '-vf',
    `scale=${size.width}:${size.height},setsar=1,format=yuvj420p`,
    // JPEG quality 3 on ffmpeg's 2 (best) to 31 scale: small and clean.
    '-q:v',
    '3',
    '-map_metadata',
    '-1',
    // A single image file rather than a numbered sequence.
    '-update',
    '1',
    '-f',
    'image2',
    output,
  ];
}
