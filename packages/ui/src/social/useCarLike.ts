import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isUsableId, reconcileLike, toggleLike, type LikeStatusMap } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { useToast } from '../kit/Toast.tsx';
import { carryOutWhenReady, signInFor, useResumeIntent } from '../state/intent.ts';
import { useSession, whenSessionRead } from '../state/session.ts';

/** A car's like state as a card shows it. */
export interface CarLikeState {
  liked: boolean;
  totalLikes: number;
}

/** SPEC 4 'Likes and feed': the device vibrates this long on a like. */
export const LIKE_VIBRATION_MS = 50;

const NOT_LIKED: CarLikeState = { liked: false, totalLikes: 0 };

/** The query key every batch like-status query starts with (useLikeStatuses). */
export const LIKE_STATUS_ROOT = ['cars', 'likes', 'batch-status'] as const;

export interface CarLike extends CarLikeState {
  /** Likes or unlikes; logged out it shows the login screen instead (SPEC 5). */
  toggle: () => void;
}

/**
 * One car's like button (SPEC 4 'Likes and feed'): the tap flips the state at once (the count moves by one, never
 * below 0), POST /cars/{id}/like's {liked, totalLikes} then wins, and a failure puts back the state from before
 * the tap. `known` is what the server last said (batch status, stats); the hook's own state wins once tapped.
 * Shared by the browse and discover cards and the feed.
 */
export function useCarLike(carId: string, known: CarLikeState | undefined): CarLike {
  const { client } = useApi();
  const host = useHost();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useSession((s) => s.status);
  const [local, setLocal] = useState<CarLikeState | null>(null);
  // Only the newest tap's answer counts: an older answer arriving late must not undo a newer tap.
  const latest = useRef(0);
  const state = local ?? known ?? NOT_LIKED;

  const toggle = () => {
    if (!isUsableId(carId)) return;
    if (status === 'loading') {
      // Right after the page started: a signed-in buyer's like is carried out once their own status is known
      // (as after signing in), a visitor is asked to sign in.
      whenSessionRead((read) =>
        read === 'authenticated'
          ? carryOutWhenReady({ action: 'like', carId })
          : signInFor({ action: 'like', carId }),
      );
      return;
    }
    if (status !== 'authenticated') {
      signInFor({ action: 'like', carId });
      return;
    }
    const before = state;
    const flipped = toggleLike({ isLiked: before.liked, count: before.totalLikes });
    const optimistic = { liked: flipped.isLiked, totalLikes: flipped.count };
    if (optimistic.liked) host.vibrate(LIKE_VIBRATION_MS);
    setLocal(optimistic);
    const tap = ++latest.current;
    client
      .post('/cars/:id/like', undefined, { params: { id: carId } })
      .then((answer) => {
        if (tap !== latest.current) return;
        const settled = reconcileLike(answer.liked, answer.totalLikes, flipped);
        setLocal({ liked: settled.isLiked, totalLikes: settled.count });
        // Other lists showing this car (browse, discover) take the server's answer too.
        queryClient.setQueriesData<LikeStatusMap>({ queryKey: LIKE_STATUS_ROOT }, (map) =>
          map?.[carId] ? { ...map, [carId]: { isLiked: settled.isLiked, totalLikes: settled.count } } : map,
        );
      })
      .catch((error: unknown) => {
        if (tap !== latest.current) return;
        setLocal(before);
        toast({
          title: optimistic.liked ? 'Could not like this car' : 'Could not remove your like',
          description: error instanceof Error ? error.message : undefined,
          tone: 'error',
        });
      });
  };

  // Signed in to like this car: it is liked once the buyer's own status is known (a like already there stays).
  useResumeIntent('like', carId, status === 'authenticated' && known !== undefined, () => {
    if (!state.liked) toggle();
  });

  return { ...state, toggle };
}
