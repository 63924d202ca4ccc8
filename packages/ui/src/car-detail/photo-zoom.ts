/** The viewer's zoom: 1 shows the whole photo, pinch and double tap go up to MAX_ZOOM. */
export const MAX_ZOOM = 4;
/** Where a double tap zooms to, around the tapped point. */
export const DOUBLE_TAP_ZOOM = 2.5;
/** Two taps this close in time (ms) and space (px) are a double tap. */
export const DOUBLE_TAP_MS = 300;
export const TAP_SLOP_PX = 10;

/** A photo's transform: translate (px, from the stage's centre) then scale. */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

export interface Size {
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Keeps the scale within 1..MAX_ZOOM and the enlarged photo over the stage (no empty band beside it). */
export function clampZoom(zoom: Zoom, stage: Size): Zoom {
  const scale = clamp(zoom.scale, 1, MAX_ZOOM);
  const maxX = ((scale - 1) * stage.width) / 2;
  const maxY = ((scale - 1) * stage.height) / 2;
  return { scale, x: clamp(zoom.x, -maxX, maxX) || 0, y: clamp(zoom.y, -maxY, maxY) || 0 };
}

/**
 * The zoom at `scale` that keeps the photo's point under `focus` (px from the stage's centre) where it was:
 * pinching zooms around the fingers, a double tap around the tap.
 */
export function zoomAround(from: Zoom, scale: number, focus: { x: number; y: number }, stage: Size): Zoom {
  const localX = (focus.x - from.x) / from.scale;
  const localY = (focus.y - from.y) / from.scale;
  return clampZoom({ scale, x: focus.x - scale * localX, y: focus.y - scale * localY }, stage);
}

/** A double tap zooms in around the tap, or back out when already zoomed. */
export function doubleTapZoom(from: Zoom, focus: { x: number; y: number }, stage: Size): Zoom {
  return from.scale > 1 ? NO_ZOOM : zoomAround(from, DOUBLE_TAP_ZOOM, focus, stage);
}

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);

export const midpoint = (a: { x: number; y: number }, b: { x: number; y: number }) => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
});

/** The photo index after a step; a swipe past the first or last photo stays there. */
export function stepIndex(index: number, delta: number, count: number): number {
  return count > 0 ? clamp(index + delta, 0, count - 1) : 0;
}
