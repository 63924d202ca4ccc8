import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CarIdsBatchBodySchema,
  CarStatsMapSchema,
  CarStatsSchema,
  CommentBodySchema,
  CommentLikeStateSchema,
  CommentSchema,
  CommentsPageSchema,
  CommentsQuerySchema,
  LikeStatusMapSchema,
  LikeToggleResultSchema,
  LikesBatchStatusBodySchema,
  ReplyBodySchema,
  ShareTrackBodySchema,
  StatsBatchBodySchema,
  ViewBodySchema,
  ViewCountSchema,
} from './social.ts';

const at = '2026-11-01T10:00:00.000Z';
const reply = { id: 'r1', _id: 'r1', userName: 'Ann', comment: 'Agreed', likes: 0, createdAt: at };
const comment = {
  id: 'm1',
  _id: 'm1',
  userName: 'Bongani',
  userAvatar: null,
  comment: 'Great car',
  createdAt: at,
  likes: 2,
  replies: [reply],
};

describe('stats and likes', () => {
  it('pins car stats', () => {
    const stats = { likes: 3, comments: 1, isLiked: true, totalLikes: 3 };
    expect(CarStatsSchema.parse(stats)).toEqual(stats);
    expect(CarStatsMapSchema.parse({ c1: stats })).toEqual({ c1: stats });
    expect(CarStatsSchema.safeParse({ ...stats, likes: -1 }).success).toBe(false);
  });

  it('pins like answers', () => {
    expect(LikeToggleResultSchema.parse({ liked: true, totalLikes: 1 })).toEqual({
      liked: true,
      totalLikes: 1,
    });
    expect(LikeStatusMapSchema.parse({ c1: { isLiked: false, totalLikes: 0 } }).c1?.isLiked).toBe(false);
    expect(CommentLikeStateSchema.parse({ isLiked: true, count: 4 })).toEqual({ isLiked: true, count: 4 });
  });
});

describe('car id batches', () => {
  it('drops duplicates and accepts an empty list', () => {
    expect(StatsBatchBodySchema.parse({ carIds: ['a', 'b', 'a'] })).toEqual({ carIds: ['a', 'b'] });
    expect(LikesBatchStatusBodySchema.parse({ carIds: [] })).toEqual({ carIds: [] });
  });

  it('caps the batch at 200 and refuses bad ids', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `c${i}`);
    expect(CarIdsBatchBodySchema.safeParse({ carIds: ids }).success).toBe(true);
    expect(CarIdsBatchBodySchema.safeParse({ carIds: [...ids, 'x'] }).success).toBe(false);
    expect(CarIdsBatchBodySchema.safeParse({ carIds: [''] }).success).toBe(false);
    expect(CarIdsBatchBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('comments', () => {
  it('accepts a comment with replies and encodes it unchanged', () => {
    expect(CommentSchema.parse(comment)).toEqual(comment);
    expect(z.encode(CommentSchema, comment)).toEqual(comment);
  });

  it('trims the body and bounds it at 1..1000 characters', () => {
    expect(CommentBodySchema.parse({ comment: '  Nice  ' })).toEqual({ comment: 'Nice' });
    expect(CommentBodySchema.safeParse({ comment: 'x'.repeat(1000) }).success).toBe(true);
    expect(CommentBodySchema.safeParse({ comment: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'Comment must be at most 1000 characters',
    );
    expect(CommentBodySchema.safeParse({ comment: '  ' }).error?.issues[0]?.message).toBe(
      'Comment is required',
    );
    expect(ReplyBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Comment is required');
  });

  it('pages comments 10 at a time', () => {
    expect(CommentsQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(CommentsPageSchema.parse({ comments: [comment], page: 1, limit: 10, total: 1 }).total).toBe(1);
  });
});

describe('shares and views', () => {
  it('normalises the platform and treats a blank user id as absent', () => {
    expect(ShareTrackBodySchema.parse({ platform: ' WhatsApp ', userId: '' })).toEqual({
      platform: 'whatsapp',
      userId: undefined,
    });
    expect(ShareTrackBodySchema.parse({ platform: 'clipboard', userId: 'u1' }).userId).toBe('u1');
  });

  it.each(['', 'what app', 'x'.repeat(33)])('refuses platform %j', (platform) => {
    expect(ShareTrackBodySchema.safeParse({ platform }).success).toBe(false);
  });

  it('accepts a view with, without or with a blank client id, or no body at all', () => {
    expect(ViewBodySchema.parse(undefined)).toEqual({});
    expect(ViewBodySchema.parse({})).toEqual({});
    expect(ViewBodySchema.parse({ clientId: '' }).clientId).toBeUndefined();
    expect(ViewBodySchema.parse({ clientId: 'abc-123' }).clientId).toBe('abc-123');
    expect(ViewBodySchema.safeParse({ clientId: '<script>' }).success).toBe(false);
    expect(ViewCountSchema.parse({ views: 5 })).toEqual({ views: 5 });
  });
});
