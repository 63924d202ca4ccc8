/**
 * How a feed video is played and what is fetched ahead, from what the browser and the buyer say (pure: the feed
 * reads the environment, this decides). Buyers pay for data by the gigabyte, so the rules lean to fewer bytes:
 *
 * - HLS where the video has a ladder: the browser's own player where it has one (Safari, iOS), else hls.js (loaded
 *   only when a video plays); the MP4 where there is no ladder, or no way to play one.
 * - Playback starts at the lowest rendition and is capped to the player's size; a player steps up as it measures.
 * - Low data (the device's 'Data saver' setting, the browser's Save-Data, or a 2g/3g effective connection): the
 *   lowest rendition only, and nothing fetched ahead but posters.
 * - Otherwise the next car's poster and its first segment (lowest rendition) are fetched ahead, nothing more.
 */
export interface PlaybackEnvironment {
  /** The 'Data saver' switch in Settings, stored on the device. */
  dataSaver: boolean;
  /** `navigator.connection.saveData`, when the browser says. */
  saveData?: boolean | undefined;
  /** `navigator.connection.effectiveType`: 'slow-2g', '2g', '3g' or '4g', when the browser says. */
  effectiveType?: string | undefined;
  /** `video.canPlayType('application/vnd.apple.mpegurl')` answered 'maybe' or 'probably'. */
  nativeHls: boolean;
  /** Media Source Extensions exist (hls.js can play). */
  mediaSource: boolean;
}

export type LowDataReason = 'setting' | 'save-data' | 'slow-network';

/** Effective connection types on which a feed stays on its lowest rendition. */
export const SLOW_EFFECTIVE_TYPES: readonly string[] = ['slow-2g', '2g', '3g'];

/** Why the feed saves data, or null when it need not. The buyer's own switch is named first. */
export function lowDataReason(env: PlaybackEnvironment): LowDataReason | null {
  if (env.dataSaver) return 'setting';
  if (env.saveData) return 'save-data';
  if (env.effectiveType && SLOW_EFFECTIVE_TYPES.includes(env.effectiveType)) return 'slow-network';
  return null;
}

/** The parts of a car answer's `videoStreams` entry the player needs. */
export interface PlayableStream {
  master: string;
  lowest: string;
  preload: readonly string[];
}

export type PlaybackEngine = 'native-hls' | 'hls.js' | 'mp4';

export interface PlaybackPlan {
  engine: PlaybackEngine;
  /** What the player is given: the master playlist, the lowest rendition's playlist (native, low data) or the MP4. */
  src: string;
  /** Stay on the lowest rendition (hls.js: capped to level 0; native: given the lowest playlist alone). */
  lowestOnly: boolean;
  /** hls.js: the level it starts on (0: the lowest). */
  startLevel: 0;
  /** hls.js: never pick a rendition larger than the player shows. */
  capLevelToPlayerSize: boolean;
  /** What the slide after the current one fetches ahead. */
  preloadNext: { poster: boolean; urls: readonly string[] };
  lowData: LowDataReason | null;
}

export function planPlayback(
  video: { mp4: string; stream: PlayableStream | null | undefined },
  env: PlaybackEnvironment,
): PlaybackPlan {
  const lowData = lowDataReason(env);
  const lowestOnly = lowData !== null;
  const stream = video.stream ?? null;
  // hls.js wherever media source extensions exist (Chromium now plays HLS natively too, but a native player cannot
  // be started low, capped to the player or held on the lowest rendition); the browser's own HLS where they do not
  // (iPhones before Managed Media Source); the MP4 otherwise.
  const engine: PlaybackEngine =
    stream && env.mediaSource ? 'hls.js' : stream && env.nativeHls ? 'native-hls' : 'mp4';
  // On low data either player is given the lowest rendition's playlist alone: nothing can step it up (hls.js's own
  // capping follows the player's size and would lift a cap set on it).
  const src = engine === 'mp4' ? video.mp4 : lowestOnly ? stream!.lowest : stream!.master;
  return {
    engine,
    src,
    lowestOnly,
    startLevel: 0,
    capLevelToPlayerSize: true,
    preloadNext: { poster: true, urls: lowestOnly || engine === 'mp4' ? [] : [...stream!.preload] },
    lowData,
  };
}

/**
 * The `preload` attribute of a feed video `offset` slides from the current one. A ladder's player is only attached
 * on screen (its next slide fetches its first segment instead); an MP4 buffers the next car too, except on low data,
 * where nothing but the current video loads.
 */
export function videoPreload(
  plan: Pick<PlaybackPlan, 'engine' | 'lowestOnly'>,
  offset: number,
): 'auto' | 'metadata' | 'none' {
  if (offset === 0) return 'auto';
  if (plan.engine !== 'mp4' || plan.lowestOnly) return 'none';
  return offset === 1 ? 'auto' : 'metadata';
}
