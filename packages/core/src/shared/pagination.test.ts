import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from './common.ts';
import { RECENT_ACTIVITY_CARS, isLastPage } from './pagination.ts';

describe('pagination', () => {
  it('pins the recent-activity count', () => {
    expect(RECENT_ACTIVITY_CARS).toBe(5);
  });

  it('knows the last page when fewer than the page size return', () => {
    expect(isLastPage(19, PAGE_SIZES.liked)).toBe(true);
    expect(isLastPage(20, PAGE_SIZES.liked)).toBe(false);
    expect(isLastPage(0, PAGE_SIZES.liked)).toBe(true);
  });
});
