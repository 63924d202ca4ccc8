import { describe, expect, it } from 'vitest';
import {
  COMMENTS_PAGE_SIZE,
  CONVERSATIONS_PAGE_SIZE,
  LIKED_CARS_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  RECENT_ACTIVITY_CARS,
  REVIEWS_PAGE_SIZE,
  isLastPage,
} from './pagination.ts';

describe('pagination', () => {
  it('pins the page sizes', () => {
    expect(LIKED_CARS_PAGE_SIZE).toBe(20);
    expect(CONVERSATIONS_PAGE_SIZE).toBe(20);
    expect(MESSAGES_PAGE_SIZE).toBe(50);
    expect(REVIEWS_PAGE_SIZE).toBe(10);
    expect(COMMENTS_PAGE_SIZE).toBe(10);
    expect(RECENT_ACTIVITY_CARS).toBe(5);
  });

  it('knows the last page when fewer than the page size return', () => {
    expect(isLastPage(19, 20)).toBe(true);
    expect(isLastPage(20, 20)).toBe(false);
    expect(isLastPage(0, 20)).toBe(true);
  });
});
