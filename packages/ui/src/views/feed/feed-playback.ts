import {
  planPlayback,
  type PlaybackEnvironment,
  type PlaybackPlan,
  type PlayableStream,
} from '@autoreel/core';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

let nativeHls: boolean | undefined;

/** What this browser and this buyer say about playing feed videos (read when a slide mounts). */
export function readPlaybackEnvironment(dataSaver: boolean): PlaybackEnvironment {
  const connection =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (nativeHls === undefined && typeof document !== 'undefined') {
    const probe = document.createElement('video');
    nativeHls = Boolean(probe.canPlayType?.('application/vnd.apple.mpegurl'));
  }
  const mediaSource =
    typeof window !== 'undefined' &&
    ('MediaSource' in window || 'ManagedMediaSource' in window) &&
    typeof (window as { MediaSource?: { isTypeSupported?: unknown } }).MediaSource?.isTypeSupported ===
      'function';
  return {
    dataSaver,
    saveData: connection?.saveData,
    effectiveType: connection?.effectiveType,
    nativeHls: nativeHls ?? false,
    mediaSource,
  };
}

/** For tests: forget what the browser said about native HLS. */
export function resetPlaybackEnvironment(): void {
  nativeHls = undefined;
}

export function feedPlaybackPlan(
  mp4: string,
  stream: PlayableStream | null | undefined,
  dataSaver: boolean,
): PlaybackPlan {
  return planPlayback({ mp4, stream }, readPlaybackEnvironment(dataSaver));
}

/**
 * Plays a ladder through hls.js, loaded by dynamic import only now (never in the first screen's JavaScript): starts
 * on the lowest rendition, capped to the player's size, and held there on low data. Answers a function that
 * detaches it. When hls.js cannot be loaded or cannot play, the MP4 is played instead.
 */
export function attachHls(
  video: HTMLVideoElement,
  plan: PlaybackPlan,
  mp4: string,
  shouldPlay: () => boolean,
): () => void {
  let hls: { destroy(): void } | null = null;
  let detached = false;
  const fallBack = () => {
    if (detached) return;
    hls?.destroy();
    hls = null;
    video.src = mp4;
    if (shouldPlay()) void Promise.resolve(video.play()).catch(() => undefined);
  };
  void import('hls.js/light')
    .then(({ default: Hls }) => {
      if (detached) return;
      if (!Hls.isSupported()) return fallBack();
      const player = new Hls({
        startLevel: plan.startLevel,
        capLevelToPlayerSize: plan.capLevelToPlayerSize,
        // A feed clip is short: a few seconds ahead is enough, and a swipe away wastes no more.
        maxBufferLength: 8,
        maxMaxBufferLength: 16,
      });
      hls = player;
      if (plan.lowestOnly) player.autoLevelCapping = 0;
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fallBack();
      });
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        if (shouldPlay()) void Promise.resolve(video.play()).catch(() => undefined);
      });
      player.loadSource(plan.src);
      player.attachMedia(video);
    })
    .catch(fallBack);
  return () => {
    detached = true;
    hls?.destroy();
    hls = null;
  };
}

/**
 * Fetches a few files ahead into the HTTP cache (segments are immutable there), at low priority, for the next car:
 * its first segment is then there when a swipe brings it in. Answers a function that cancels what is still coming.
 */
export function preloadUrls(urls: readonly string[]): () => void {
  if (urls.length === 0 || typeof fetch === 'undefined') return () => undefined;
  const controller = new AbortController();
  for (const url of urls) {
    void fetch(url, { signal: controller.signal, priority: 'low' })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  }
  return () => controller.abort();
}
