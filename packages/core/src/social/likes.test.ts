import { describe, expect, it } from 'vitest';
import { reconcileLike, toggleLike } from './likes.ts';

describe('toggleLike', () => {
  it('likes and unlikes by one', () => {
    expect(toggleLike({ isLiked: false, count: 3 })).toEqual({ isLiked: true, count: 4 });
    expect(toggleLike({ isLiked: true, count: 3 })).toEqual({ isLiked: false, count: 2 });
    expect(toggleLike({ isLiked: true, count: 1 })).toEqual({ isLiked: false, count: 0 });
  });

  it('never goes below 0', () => {
    expect(toggleLike({ isLiked: true, count: 0 })).toEqual({ isLiked: false, count: 0 });
  });
});

describe('reconcileLike', () => {
  const optimistic = { isLiked: true, count: 4 };
  it('takes the server answer', () => {
    expect(reconcileLike(true, 10, optimistic)).toEqual({ isLiked: true, count: 10 });
    expect(reconcileLike(false, 3, optimistic)).toEqual({ isLiked: false, count: 3 });
    expect(reconcileLike(false, -1, optimistic)).toEqual({ isLiked: false, count: 0 });
  });

  it('keeps the optimistic count when the server sent none', () => {
    expect(reconcileLike(true, undefined, optimistic)).toEqual({ isLiked: true, count: 4 });
    expect(reconcileLike(true, null, optimistic)).toEqual({ isLiked: true, count: 4 });
    expect(reconcileLike(false, Number.NaN, optimistic)).toEqual({ isLiked: false, count: 4 });
  });
});
