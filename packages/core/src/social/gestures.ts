/**
 * Feed, sheet and timing constants (SPEC 2 'Car browser', SPEC 4, SPEC 9 'Quiz and gestures'). The quiz's
 * auto-advance and the quick-reply delay belong to their catalogues (preferences, quick-replies).
 */

/** A swipe must travel more than this many pixels. */
export const SWIPE_THRESHOLD_PX = 50;
/** The details panel and bottom sheets close when dragged more than this many pixels. */
export const DISMISS_THRESHOLD_PX = 100;
/** More cars load when the index is within this many cars of the end. */
export const PREFETCH_FROM_END = 3;
export const LIKE_VIBRATION_MS = 50;
export const AI_RESULTS_SCROLL_DELAY_MS = 300;

export type SwipeDirection = 'up' | 'down' | 'left' | 'right';

/**
 * More cars load when the index is within 3 of the end (the last three positions), more exist and no load is
 * in progress, so a fast swiper never reaches an empty end and loads are never doubled.
 */
export function shouldLoadMore(index: number, length: number, hasMore: boolean, loading: boolean): boolean {
  return hasMore && !loading && index >= length - PREFETCH_FROM_END;
}

/**
 * The direction the finger moved (dx, dy = end - start; screen y grows downwards), along the dominant axis,
 * or null when that movement is not more than 50 px. Up moves to the next car, left opens details.
 */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) > Math.abs(dy)) {
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null;
    return dx < 0 ? 'left' : 'right';
  }
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return null;
  return dy < 0 ? 'up' : 'down';
}

/** Whether a drag (rightward for the details panel, downward for a sheet) closes the panel. */
export function shouldDismiss(dragPx: number): boolean {
  return dragPx > DISMISS_THRESHOLD_PX;
}

/** The feed index after a move, kept inside the list. */
export function feedIndexAfter(index: number, direction: 'next' | 'previous', length: number): number {
  if (length <= 0) return 0;
  const next = direction === 'next' ? index + 1 : index - 1;
  return Math.min(Math.max(next, 0), length - 1);
}
