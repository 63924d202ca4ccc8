/**
 * Optimistic like toggling (SPEC 4 'Likes and feed'). A car's like button and a comment's keep the same state,
 * SPEC 3's per-comment like state, and follow the same rules.
 */
import type { CommentLikeState } from './social.ts';

/** The optimistic state after a tap: flips isLiked and moves the count by one, never below 0. */
export function toggleLike(state: CommentLikeState): CommentLikeState {
  const isLiked = !state.isLiked;
  return { isLiked, count: Math.max(0, state.count + (isLiked ? 1 : -1)) };
}

/**
 * The state after the server answered: its liked flag wins; its totalLikes wins when it sent one, otherwise the
 * optimistic count stays. A failure is handled by restoring the state from before the tap.
 */
export function reconcileLike(
  serverLiked: boolean,
  totalLikes: number | null | undefined,
  optimistic: CommentLikeState,
): CommentLikeState {
  const count =
    typeof totalLikes === 'number' && Number.isFinite(totalLikes)
      ? Math.max(0, totalLikes)
      : optimistic.count;
  return { isLiked: serverLiked, count };
}
