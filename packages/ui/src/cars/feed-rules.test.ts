import { describe, expect, it } from 'vitest';
import { shouldLoadMore } from '@autoreel/core';
import { commentError } from '../views/feed/comment-rules.ts';
import { feedMedia, filterBannerText, idChunks, mountedIndexes } from './feed-rules.ts';

describe('feed rules', () => {
  it('keeps the previous, current and next slides mounted, inside the list', () => {
    expect(mountedIndexes(0, 5)).toEqual([0, 1]);
    expect(mountedIndexes(2, 5)).toEqual([1, 2, 3]);
    expect(mountedIndexes(4, 5)).toEqual([3, 4]);
    expect(mountedIndexes(0, 1)).toEqual([0]);
    expect(mountedIndexes(0, 0)).toEqual([]);
  });

  it('loads more within 3 of the end, only when more exist and no load runs', () => {
    expect(shouldLoadMore(6, 10, true, false)).toBe(false);
    expect(shouldLoadMore(7, 10, true, false)).toBe(true);
    expect(shouldLoadMore(9, 10, true, false)).toBe(true);
    expect(shouldLoadMore(9, 10, false, false)).toBe(false);
    expect(shouldLoadMore(9, 10, true, true)).toBe(false);
  });

  it('shows the filter banner only when the counts differ', () => {
    expect(filterBannerText(3, 1200)).toBe('Showing 3 of 1,200 cars, Filters are active');
    expect(filterBannerText(5, 5)).toBeNull();
  });

  it('takes the video and poster from the car, with the first photo as poster fallback', () => {
    const url = (p: string | null | undefined) => (p ? `https://cdn.test/${p}` : undefined);
    expect(feedMedia({ videos: ['v.mp4'], poster: 'p.jpg', images: ['i.jpg'] }, url)).toEqual({
      video: 'https://cdn.test/v.mp4',
      stream: null,
      poster: 'https://cdn.test/p.jpg',
    });
    expect(feedMedia({ videos: [], images: ['i.jpg'] }, url)).toEqual({
      video: undefined,
      stream: null,
      poster: 'https://cdn.test/i.jpg',
    });
  });

  it("takes the first video's ladder beside it, its URLs resolved like the video's", () => {
    const url = (p: string | null | undefined) => (p ? `https://cdn.test${p}` : undefined);
    const ladder = {
      master: '/h/master.m3u8',
      lowest: '/h/r0.m3u8',
      preload: ['/h/r0.init.mp4', '/h/r0.s0.m4s'],
    };
    expect(feedMedia({ videos: ['', '/v.mp4'], videoStreams: [null, ladder] }, url)).toMatchObject({
      video: 'https://cdn.test/v.mp4',
      stream: {
        master: 'https://cdn.test/h/master.m3u8',
        lowest: 'https://cdn.test/h/r0.m3u8',
        preload: ['https://cdn.test/h/r0.init.mp4', 'https://cdn.test/h/r0.s0.m4s'],
      },
    });
    expect(feedMedia({ videos: ['/v.mp4'], videoStreams: [null] }, url).stream).toBeNull();
  });

  it('groups ids for the like-status batches', () => {
    expect(idChunks(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    expect(idChunks([], 2)).toEqual([]);
  });

  it('checks comments as the API does: trimmed, non-empty, at most 1,000 characters', () => {
    expect(commentError('   ')).toBe('Comment is required');
    expect(commentError('x'.repeat(1001))).toBe('Comment must be at most 1000 characters');
    expect(commentError(`  ${'x'.repeat(1000)}  `)).toBeNull();
    expect(commentError('Nice car')).toBeNull();
  });
});
