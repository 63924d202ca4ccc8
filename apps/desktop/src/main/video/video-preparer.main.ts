import { DELIVERY_POLICY, type DeliveryPolicy, type VideoInfo } from '@autoreel/core';
import { prepareVideo, type FfmpegBinaries, type VideoPipelineAction } from '@autoreel/video';

export { VideoCancelledError, VideoConversionError, VideoRejectedError } from '@autoreel/video';

/**
 * The console's delivery policy: the shared one with the video capped at 2.3 Mbit/s, so that with 128 kbit/s of
 * audio and the MP4 index a file stays within 2.5 Mbit/s: dealers upload over shop connections, and three minutes
 * stay under 60 MB. CRF 23 on car footage lands well below the cap; it only bites on noisy clips. A file made to
 * this policy meets the server's too, so the server only checks it.
 */
export const DESKTOP_POLICY: DeliveryPolicy = { ...DELIVERY_POLICY, maxBitrateKbps: 2_300 };

export interface PrepareOptions {
  signal?: AbortSignal;
  /** 0..1 as the output is written. */
  onProgress?: (fraction: number) => void;
}

export interface PreparedVideoFiles {
  /** The file to upload: the picked file itself when it was only checked, else a file main wrote. */
  output: string;
  poster: string;
  /** What the source was. */
  source: VideoInfo;
  action: VideoPipelineAction;
  reasons: string[];
}

export interface VideoPreparerOptions {
  binaries: FfmpegBinaries;
  /** A fresh path for each output; the caller owns the files. */
  scratchPath: (extension: string) => Promise<string>;
  policy?: DeliveryPolicy;
}

/**
 * Makes a picked file a car video through the shared pipeline (`prepareVideo` in @autoreel/video) with the
 * console's policy, writing into main's work folder.
 */
export class VideoPreparer {
  readonly #options: Required<VideoPreparerOptions>;

  constructor(options: VideoPreparerOptions) {
    this.#options = { policy: DESKTOP_POLICY, ...options };
  }

  async prepare(input: string, options: PrepareOptions = {}): Promise<PreparedVideoFiles> {
    const { binaries, policy, scratchPath } = this.#options;
    const result = await prepareVideo({
      input,
      output: await scratchPath('.mp4'),
      posterOutput: await scratchPath('.jpg'),
      binaries,
      policy,
      ...options,
    });
    return {
      output: result.delivered,
      poster: result.poster!,
      source: result.source,
      action: result.action,
      reasons: result.reasons,
    };
  }
}
