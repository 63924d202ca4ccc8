import { describe, expect, it } from 'vitest';
import { clampZoom, doubleTapZoom, MAX_ZOOM, NO_ZOOM, stepIndex, zoomAround } from './photo-zoom.ts';

const stage = { width: 400, height: 300 };

describe('photo zoom', () => {
  it('zooms around the focus, keeping the photo point under it in place', () => {
    const zoom = zoomAround(NO_ZOOM, 2, { x: 100, y: 50 }, stage);
    // The point at (100, 50) is drawn at translate + scale * local = (-100 + 2 * 100, -50 + 2 * 50).
    expect(zoom).toEqual({ scale: 2, x: -100, y: -50 });
  });

  it('keeps the scale between 1 and the maximum and the photo over the stage', () => {
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, stage).scale).toBe(MAX_ZOOM);
    expect(clampZoom({ scale: 0.5, x: 30, y: 30 }, stage)).toEqual(NO_ZOOM);
    // At 2x the photo is 800 x 600: it may move 200 px sideways and 150 px up or down, no more.
    expect(clampZoom({ scale: 2, x: 999, y: -999 }, stage)).toEqual({ scale: 2, x: 200, y: -150 });
  });

  it('a double tap zooms in around the tap, and out again when zoomed', () => {
    const zoomed = doubleTapZoom(NO_ZOOM, { x: 40, y: -20 }, stage);
    expect(zoomed.scale).toBe(2.5);
    expect(zoomed.x).toBeCloseTo(-60);
    expect(zoomed.y).toBeCloseTo(30);
    expect(doubleTapZoom(zoomed, { x: 0, y: 0 }, stage)).toEqual(NO_ZOOM);
  });

  it('steps between photos without passing the first or the last', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
