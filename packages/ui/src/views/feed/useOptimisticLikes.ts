import { useCallback, useEffect, useRef, useState } from 'react';
import { reconcileLike, toggleLike, type CommentLikeState, type LikeToggleResult } from '@autoreel/core';

export interface OptimisticLikes {
  /** The shown state: the last local change, else what the server said before (the fallback). */
  stateOf: (id: string, fallback: CommentLikeState) => CommentLikeState;
  /** Flips at once, then takes the server's answer, or restores the state from before the tap on failure. */
  toggle: (id: string, fallback: CommentLikeState) => Promise<void>;
  isPending: (id: string) => boolean;
}

/**
 * Optimistic comment likes (SPEC 4: comment likes behave like car likes), for a whole list at once. A tap while
 * the previous one for the same id is still on its way is ignored, so answers can never arrive out of order. `resetKey` (the
 * signed-in user) drops local states when the account changes, since likes are per user.
 */
export function useOptimisticLikes(
  send: (id: string) => Promise<LikeToggleResult>,
  options: { resetKey?: string | null; onLiked?: () => void; onFailed?: (error: unknown) => void } = {},
): OptimisticLikes {
  const [states, setStates] = useState<Record<string, CommentLikeState>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const statesRef = useRef(states);
  const pendingRef = useRef(new Set<string>());
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const put = useCallback((id: string, state: CommentLikeState) => {
    statesRef.current = { ...statesRef.current, [id]: state };
    setStates(statesRef.current);
  }, []);
  const setBusy = useCallback((id: string, busy: boolean) => {
    if (busy) pendingRef.current.add(id);
    else pendingRef.current.delete(id);
    setPending(new Set(pendingRef.current));
  }, []);

  useEffect(() => {
    statesRef.current = {};
    setStates({});
  }, [options.resetKey]);

  const toggle = useCallback(
    async (id: string, fallback: CommentLikeState) => {
      if (pendingRef.current.has(id)) return;
      const before = statesRef.current[id] ?? fallback;
      const optimistic = toggleLike(before);
      put(id, optimistic);
      setBusy(id, true);
      if (optimistic.isLiked) optionsRef.current.onLiked?.();
      try {
        const answer = await send(id);
        put(id, reconcileLike(answer.liked, answer.totalLikes, optimistic));
      } catch (error) {
        put(id, before);
        optionsRef.current.onFailed?.(error);
      } finally {
        setBusy(id, false);
      }
    },
    [send, put, setBusy],
  );

  return {
    stateOf: (id, fallback) => states[id] ?? fallback,
    toggle,
    isPending: (id) => pending.has(id),
  };
}
