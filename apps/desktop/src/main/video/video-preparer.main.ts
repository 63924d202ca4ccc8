import { rm } from 'node:fs/promises';
import {
  DELIVERY_POLICY,
  needsTranscode,
  videoRejection,
  type DeliveryPolicy,
  type VideoInfo,
} from '@autoreel/core';
import {
  buildPosterArgs,
  buildRemuxArgs,
  buildTranscodeArgs,
  FfmpegError,
  probe,
  runProcess,
  type FfmpegBinaries,
} from '@autoreel/video';

/**
 * The console's delivery policy: the shared one with the video capped at 2.3 Mbit/s, so that with 128 kbit/s of
 * audio and the MP4 index a file stays within 2.5 Mbit/s: dealers upload over shop connections, and three minutes
 * stay under 60 MB. CRF 23 on car footage lands well below the cap; it only bites on noisy clips.
 */
export const DESKTOP_POLICY: DeliveryPolicy = { ...DELIVERY_POLICY, maxBitrateKbps: 2_300 };

/** A file that cannot be a car video, with the reason in words for the dealer. */
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

export interface PrepareOptions {
  signal?: AbortSignal;
  /** 0..1 as the output is written. */
  onProgress?: (fraction: number) => void;
}

export interface PreparedVideoFiles {
  output: string;
  poster: string;
  /** What the source was. */
  source: VideoInfo;
  action: 'transcode' | 'remux';
  reasons: string[];
}

export interface VideoPreparerOptions {
  binaries: FfmpegBinaries;
  /** A fresh path for each output; the caller owns the files. */
  scratchPath: (extension: string) => Promise<string>;
  policy?: DeliveryPolicy;
}

/** ffmpeg has no reason to run ten times slower than the clip on any machine the console supports. */
function timeoutFor(info: VideoInfo): number {
  return Math.max(60_000, info.durationSec * 10_000);
}

/**
 * Makes a picked file a car video: probes it (a real, readable video stream of 3 to 180 s), transcodes it to the
 * delivery format or only remuxes it when its streams already conform, then takes a poster frame from the
 * result. Partial outputs are deleted on failure and cancel.
 */
export class VideoPreparer {
  readonly #options: Required<VideoPreparerOptions>;

  constructor(options: VideoPreparerOptions) {
    this.#options = { policy: DESKTOP_POLICY, ...options };
  }

  async #probe(input: string, signal: AbortSignal | undefined): Promise<VideoInfo> {
    try {
      return await probe(this.#options.binaries.ffprobe, input, signal ? { signal } : {});
    } catch (error) {
      if (signal?.aborted) throw new VideoCancelledError();
      if (error instanceof FfmpegError || error instanceof SyntaxError) {
        throw new VideoRejectedError(
          'The file could not be read as a video: it may be damaged or not a video',
        );
      }
      throw error;
    }
  }

  async prepare(input: string, options: PrepareOptions = {}): Promise<PreparedVideoFiles> {
    const { signal, onProgress } = options;
    const { binaries, policy } = this.#options;
    const source = await this.#probe(input, signal);
    const rejection = videoRejection(source, policy);
    if (rejection) throw new VideoRejectedError(rejection);

    const decision = needsTranscode(source, policy);
    const output = await this.#options.scratchPath('.mp4');
    const poster = await this.#options.scratchPath('.jpg');
    const args = decision.transcode
      ? buildTranscodeArgs(input, output, source, policy)
      : buildRemuxArgs(input, output);
    try {
      onProgress?.(0);
      await runProcess(binaries.ffmpeg, args, {
        timeoutMs: timeoutFor(source),
        durationSec: source.durationSec,
        onProgress: (p) => onProgress?.(p.ratio ?? 0),
        ...(signal ? { signal } : {}),
      });
      const delivered = await this.#probe(output, signal);
      await runProcess(binaries.ffmpeg, buildPosterArgs(output, poster, delivered, policy), {
        timeoutMs: 30_000,
        ...(signal ? { signal } : {}),
      });
      onProgress?.(1);
    } catch (error) {
      await Promise.all([rm(output, { force: true }), rm(poster, { force: true })]);
      if (signal?.aborted) throw new VideoCancelledError();
      if (error instanceof FfmpegError) throw new VideoConversionError(error);
      throw error;
    }
    return {
      output,
      poster,
      source,
      action: decision.transcode ? 'transcode' : 'remux',
      reasons: decision.reasons,
    };
  }
}
