import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@autoreel/api-client';
import type { CommentsPage, LikeToggleResult } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { nextPageOf } from '../platform/pages.ts';
import { countPostedComment } from './useCarStats.ts';

export const COMMENTS_PAGE_SIZE = 10;

export const commentsKey = (carId: string) => ['comments', carId] as const;

/** A car's comments, newest first, ten at a time (SPEC 8: a failure is only logged and the list stays empty). */
export function useComments(carId: string) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: commentsKey(carId),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<CommentsPage> => {
      try {
        return await client.get('/cars/:id/comments', {
          params: { id: carId },
          query: { page: pageParam, limit: COMMENTS_PAGE_SIZE },
          signal,
        });
      } catch (error) {
        console.warn('Comments unavailable', error);
        return { comments: [], page: pageParam, limit: COMMENTS_PAGE_SIZE, total: 0 };
      }
    },
    getNextPageParam: nextPageOf,
  });
}

/** POST /cars/comments/{id}/like: toggles the caller's like of a comment or reply. */
export function toggleCommentLike(client: ApiClient, commentId: string): Promise<LikeToggleResult> {
  return client.post('/cars/comments/:id/like', undefined, { params: { id: commentId } });
}

/** What a comment answers: the car itself, or a reply to one of its comments. */
export type CommentTarget = { carId: string } | { carId: string; replyTo: string };

/** POST /cars/comments/{id}/reply for a reply, else POST /cars/{id}/comments. */
function postComment(client: ApiClient, target: CommentTarget, comment: string) {
  return 'replyTo' in target
    ? client.post('/cars/comments/:id/reply', { comment }, { params: { id: target.replyTo } })
    : client.post('/cars/:id/comments', { comment }, { params: { id: target.carId } });
}

/**
 * Posts a comment or a reply; the car's comment count (the feed's side actions) rises at once, and the comments
 * and the count load again afterwards.
 */
export function usePostComment(
  target: CommentTarget,
  { onPosted, onFailed }: { onPosted: () => void; onFailed: (failure: Error) => void },
) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => postComment(client, target, comment),
    onSuccess: async () => {
      onPosted();
      await Promise.all([
        countPostedComment(queryClient, target.carId),
        queryClient.invalidateQueries({ queryKey: commentsKey(target.carId) }),
      ]);
    },
    onError: onFailed,
  });
}
