import { rm } from 'node:fs/promises';
import {
  decideDelivery,
  DELIVERY_POLICY,
  videoRejection,
  type DeliveryPolicy,
  type VideoInfo,
} from '@autoreel/core';
import { buildPosterArgs, buildRemuxArgs, buildTranscodeArgs } from './ffmpeg-args.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { FfmpegError, runProcess } from './ffmpeg-runner.ts';
import { probe } from './ffprobe.ts';
import { makeLadder, topRenditionAsMp4, type MadeLadder } from './video-ladder.ts';

/** A file that cannot be a car video, with the reason in words for the person who picked it. */
export class VideoRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoRejectedError';
  }
}

export class VideoCancelledError extends Error {
  constructor() {
    super('Video preparation was cancelled');
    this.name = 'VideoCancelledError';
  }
}

/** ffmpeg failed on a file it could read: the message keeps ffmpeg's last line for support. */
export class VideoConversionError extends Error {
  readonly stderrTail: string;
  constructor(cause: FfmpegError) {
    const lastLine = cause.stderrTail.trim().split('\n').pop() ?? cause.message;
    super(`The video could not be converted: ${lastLine || cause.message}`);
    this.name = 'VideoConversionError';
    this.stderrTail = cause.stderrTail;
  }
}

export const UNREADABLE_VIDEO_MESSAGE =
  'The file could not be read as a video: it may be damaged or not a video';

/** What the pipeline did: nothing but checks, a fresh container, or a re-encode. */
export type VideoPipelineAction = 'checked' | 'remuxed' | 'transcoded';

export interface PrepareVideoOptions {
  input: string;
  /** Where a remuxed or transcoded file is written; not written when the input is only checked. */
  output: string;
  /**
   * Where the poster frame (JPEG) is written; omit when the caller already has a poster. A function is asked once
   * the action is known and answers null to skip it (the server keeps an uploaded poster for a checked file).
   */
  posterOutput?: string | ((action: VideoPipelineAction) => string | null);
  binaries: FfmpegBinaries;
  policy?: DeliveryPolicy;
  signal?: AbortSignal;
  /** 0..1 while the output is written; 0 and 1 also for a file that is only checked. */
  onProgress?: (fraction: number) => void;
  /** Longest an encode may run; by default ten times the clip's length, at least a minute. */
  timeoutMs?: number;
  /**
   * An empty folder for the adaptive ladder (HLS, fMP4 segments, `video-ladder.ts`); none is made without it (the
   * console uploads one MP4 and lets the server make the ladder). With it, a video that needs a transcode is encoded
   * once into every rendition and the MP4 is the top rendition copied out; any other gets its ladder from the
   * delivered file.
   */
  ladderDir?: string;
}

export interface PreparedVideoResult {
  action: VideoPipelineAction;
  /** Why the input could not be delivered as it was; empty when checked. */
  reasons: string[];
  source: VideoInfo;
  /** The file to deliver: the input itself when checked, else `output`. */
  delivered: string;
  deliveredInfo: VideoInfo;
  /** The poster once written; null when none was asked for. */
  poster: string | null;
  /** The adaptive ladder when `ladderDir` was given, else null. */
  ladder: MadeLadder | null;
}

const ACTION_DONE = { check: 'checked', remux: 'remuxed', transcode: 'transcoded' } as const;

async function probeOrRefuse(ffprobe: string, file: string, signal?: AbortSignal): Promise<VideoInfo> {
  try {
    return await probe(ffprobe, file, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw new VideoCancelledError();
    if (error instanceof FfmpegError || error instanceof SyntaxError)
      throw new VideoRejectedError(UNREADABLE_VIDEO_MESSAGE);
    throw error;
  }
}

/**
 * The one video pipeline, run by the dealer console before upload and by the API after: probe -> refuse (not a
 * video, under 3 s or over 180 s) -> decide (core's `decideDelivery`) -> transcode or remux, or nothing for a file
 * already in the delivery format -> probe the result -> poster frame. A file the console prepared meets the rule,
 * so the server only checks it. Partial outputs are deleted on failure and cancel; ffmpeg failures become
 * VideoConversionError, a stop VideoCancelledError, a file that cannot be a car video VideoRejectedError.
 */
export async function prepareVideo(options: PrepareVideoOptions): Promise<PreparedVideoResult> {
  const { input, output, posterOutput, binaries, signal, onProgress } = options;
  const policy = options.policy ?? DELIVERY_POLICY;
  const source = await probeOrRefuse(binaries.ffprobe, input, signal);
  const rejection = videoRejection(source, policy);
  if (rejection) throw new VideoRejectedError(rejection);

  const decision = decideDelivery(source, policy);
  const action = ACTION_DONE[decision.action];
  const timeoutMs = options.timeoutMs ?? Math.max(60_000, source.durationSec * 10_000);
  const withSignal = signal ? { signal } : {};
  const poster = typeof posterOutput === 'function' ? posterOutput(action) : (posterOutput ?? null);
  try {
    onProgress?.(0);
    let delivered = input;
    let deliveredInfo = source;
    let ladder: MadeLadder | null = null;
    const ladderDir = options.ladderDir;
    const makeLadderFrom = (from: string, info: VideoInfo, dir: string, share: [number, number]) =>
      makeLadder({
        input: from,
        dir,
        source: info,
        binaries,
        policy,
        timeoutMs,
        onProgress: (p) => onProgress?.(share[0] + p * (share[1] - share[0])),
        ...withSignal,
      });
    if (decision.action === 'transcode' && ladderDir) {
      // One encode for every rendition; the MP4 is the top one, copied out of its segments.
      ladder = await makeLadderFrom(input, source, ladderDir, [0, 0.95]);
      await topRenditionAsMp4(ladder, output, binaries, signal);
      delivered = output;
      deliveredInfo = await probeOrRefuse(binaries.ffprobe, output, signal);
    } else {
      if (decision.action !== 'check') {
        const args =
          decision.action === 'transcode'
            ? buildTranscodeArgs(input, output, source, policy)
            : buildRemuxArgs(input, output);
        await runProcess(binaries.ffmpeg, args, {
          timeoutMs,
          durationSec: source.durationSec,
          onProgress: (p) => onProgress?.((ladderDir ? 0.1 : 1) * (p.ratio ?? 0)),
          ...withSignal,
        });
        delivered = output;
        deliveredInfo = await probeOrRefuse(binaries.ffprobe, output, signal);
      }
      if (ladderDir) ladder = await makeLadderFrom(delivered, deliveredInfo, ladderDir, [0.1, 0.95]);
    }
    if (poster) {
      await runProcess(binaries.ffmpeg, buildPosterArgs(delivered, poster, deliveredInfo, policy), {
        timeoutMs: 60_000,
        ...withSignal,
      });
    }
    onProgress?.(1);
    return {
      action,
      reasons: decision.reasons,
      source,
      delivered,
      deliveredInfo,
      poster,
      ladder,
    };
  } catch (error) {
    await Promise.all([
      rm(output, { force: true }),
      poster ? rm(poster, { force: true }) : undefined,
      options.ladderDir ? rm(options.ladderDir, { recursive: true, force: true }) : undefined,
    ]);
    if (signal?.aborted) throw new VideoCancelledError();
    if (error instanceof FfmpegError) throw new VideoConversionError(error);
    throw error;
  }
}
