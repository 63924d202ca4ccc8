import { describe, expect, it } from 'vitest';
import {
  AI_RESULTS_SCROLL_DELAY_MS,
  DISMISS_THRESHOLD_PX,
  LIKE_VIBRATION_MS,
  PREFETCH_FROM_END,
  SWIPE_THRESHOLD_PX,
  feedIndexAfter,
  shouldDismiss,
  shouldLoadMore,
  swipeDirection,
} from './gestures.ts';

describe('constants', () => {
  it('pins the SPEC numbers', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(DISMISS_THRESHOLD_PX).toBe(100);
    expect(PREFETCH_FROM_END).toBe(3);
    expect(LIKE_VIBRATION_MS).toBe(50);
    expect(AI_RESULTS_SCROLL_DELAY_MS).toBe(300);
  });
});

describe('shouldLoadMore', () => {
  it('loads within 3 of the end', () => {
    expect(shouldLoadMore(6, 10, true, false)).toBe(false);
    expect(shouldLoadMore(7, 10, true, false)).toBe(true);
    expect(shouldLoadMore(9, 10, true, false)).toBe(true);
    expect(shouldLoadMore(0, 2, true, false)).toBe(true);
  });

  it('needs more to exist and no load in progress', () => {
    expect(shouldLoadMore(9, 10, false, false)).toBe(false);
    expect(shouldLoadMore(9, 10, true, true)).toBe(false);
  });
});

describe('swipeDirection', () => {
  it('needs more than 50 px', () => {
    expect(swipeDirection(0, -50)).toBeNull();
    expect(swipeDirection(0, -51)).toBe('up');
    expect(swipeDirection(0, 51)).toBe('down');
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(-51, 0)).toBe('left');
    expect(swipeDirection(51, 0)).toBe('right');
    expect(swipeDirection(0, 0)).toBeNull();
  });

  it('follows the dominant axis', () => {
    expect(swipeDirection(-80, 60)).toBe('left');
    expect(swipeDirection(30, -80)).toBe('up');
    expect(swipeDirection(60, 60)).toBe('down');
  });
});

describe('dismiss and feed index', () => {
  it('dismisses beyond 100 px', () => {
    expect(shouldDismiss(100)).toBe(false);
    expect(shouldDismiss(101)).toBe(true);
  });

  it('keeps the index inside the list', () => {
    expect(feedIndexAfter(0, 'next', 3)).toBe(1);
    expect(feedIndexAfter(2, 'next', 3)).toBe(2);
    expect(feedIndexAfter(0, 'previous', 3)).toBe(0);
    expect(feedIndexAfter(2, 'previous', 3)).toBe(1);
    expect(feedIndexAfter(5, 'next', 0)).toBe(0);
  });
});
