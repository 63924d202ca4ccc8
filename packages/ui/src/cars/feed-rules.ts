/**
 * Pure rules of the video feed (SPEC 2 'Car browser', SPEC 4 'Likes and feed'). The thresholds themselves live in
 * core (rules/gestures.ts); this module decides what the feed mounts, preloads and shows around them.
 */
import { carTitle, displayPrice, pluralWord, groupDigits } from '@autoreel/core';
import type { FeedCar } from './useFeedCars.ts';

// The caption names the seller by core's rules, which the first paint the server sends uses too.
export { sellerLocationOf, sellerNameOf } from '@autoreel/core';

/**
 * Slides kept mounted around the current one: the previous (a swipe back shows its poster at once) and the next
 * (already buffering, so a swipe shows a frame at once). Everything further away is unmounted to keep memory flat.
 */
export const SLIDES_BEFORE = 1;
export const SLIDES_AFTER = 1;

export function mountedIndexes(index: number, length: number): number[] {
  const out: number[] = [];
  for (let i = index - SLIDES_BEFORE; i <= index + SLIDES_AFTER; i += 1) {
    if (i >= 0 && i < length) out.push(i);
  }
  return out;
}

export function feedCarTitle(car: FeedCar): string {
  return carTitle(car) || 'Car';
}

export function feedCarPrice(car: FeedCar): string {
  return displayPrice({
    price: car.price ?? null,
    formattedPrice: car.formattedPrice ?? null,
    currency: car.currency ?? null,
  });
}

/**
 * The feed's media: the first delivered video, its ladder (HLS) when it has one, and the poster (the poster image,
 * else the first photo).
 */
export function feedMedia(
  car: FeedCar,
  assetUrl: (path: string | null | undefined) => string | undefined,
): {
  video: string | undefined;
  stream: { master: string; lowest: string; preload: string[] } | null;
  poster: string | undefined;
} {
  const index = car.videos?.findIndex(Boolean) ?? -1;
  const ladder = index >= 0 ? car.videoStreams?.[index] : null;
  const url = (path: string) => assetUrl(path) ?? path;
  return {
    video: assetUrl(car.videos?.[index]),
    stream: ladder
      ? { master: url(ladder.master), lowest: url(ladder.lowest), preload: ladder.preload.map(url) }
      : null,
    poster: assetUrl(car.poster ?? car.images?.find(Boolean)),
  };
}

/** SPEC 4: the banner appears only when AI results replaced the list and their count differs from the total. */
export function filterBannerText(shown: number, total: number): string | null {
  if (shown === total) return null;
  const fmt = (n: number) => groupDigits(n);
  return `Showing ${fmt(shown)} of ${fmt(total)} ${pluralWord(total, 'car')}, Filters are active`;
}

/** Ids of the loaded cars in fixed groups, so each group's like status is asked for once and cached. */
export function idChunks(ids: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** A touch or click that moved less than this is a tap on the video, not a swipe. */
export const TAP_SLOP_PX = 10;
/** A second tap this soon after the first, near it, is a double-tap (a like), as on TikTok and Reels. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_DISTANCE_PX = 40;

export interface TapPoint {
  x: number;
  y: number;
  at: number;
}

export function isTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) < TAP_SLOP_PX;
}

/** Whether `tap` completes a double-tap begun by `previous`. */
export function isDoubleTap(previous: TapPoint | null, tap: TapPoint): boolean {
  if (!previous) return false;
  return (
    tap.at - previous.at <= DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_DISTANCE_PX
  );
}
