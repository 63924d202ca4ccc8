import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  carIdOf,
  LIKE_VIBRATION_MS,
  type CommentLikeState,
  type LikeStatusMap,
  type LikeToggleResult,
} from '@autoreel/core';
import { useApi } from '../../api/ApiProvider.tsx';
import { useToast } from '../../components/Toast.tsx';
import { useHost } from '../../HostContext.tsx';
import { idChunks, type FeedCar } from './feed-rules.ts';
import { FEED_PAGE_SIZE } from './useFeedCars.ts';
import { useOptimisticLikes } from './useOptimisticLikes.ts';

/**
 * Like state of the feed's cars: counts and the caller's own likes from POST /cars/likes/batch-status (one call
 * per page of cars, refetched when the account changes), local optimistic toggles on top.
 */
export function useCarLikes(cars: FeedCar[], userId: string | null) {
  const { client } = useApi();
  const host = useHost();
  const toast = useToast();
  const ids = useMemo(() => cars.map(carIdOf).filter((id): id is string => id !== null), [cars]);
  const chunks = idChunks(ids, FEED_PAGE_SIZE);
  const { statuses, known } = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: ['like-status', userId, chunk],
      queryFn: async () => {
        try {
          return await client.post<LikeStatusMap>('/cars/likes/batch-status', { carIds: chunk });
        } catch (error) {
          // Counts are decoration: without them the buttons start at 0 and still work.
          console.warn('Like status unavailable', error);
          return {};
        }
      },
    })),
    combine: (results) => ({
      statuses: Object.assign({}, ...results.map((r) => r.data ?? {})) as LikeStatusMap,
      // Cars whose batch has answered: until then a signed-in buyer's own like is not known yet.
      known: new Set(chunks.filter((_, i) => results[i]?.data !== undefined).flat()),
    }),
  });

  const send = useCallback(
    (carId: string) => client.post<LikeToggleResult>(`/cars/${encodeURIComponent(carId)}/like`),
    [client],
  );
  const likes = useOptimisticLikes(send, {
    resetKey: userId,
    onLiked: () => host.vibrate(LIKE_VIBRATION_MS),
    onFailed: () => toast({ title: 'Could not update your like. Please try again.', tone: 'error' }),
  });

  const serverState = (carId: string): CommentLikeState => ({
    isLiked: statuses[carId]?.isLiked ?? false,
    count: statuses[carId]?.totalLikes ?? 0,
  });
  return {
    stateOf: (carId: string) => likes.stateOf(carId, serverState(carId)),
    toggle: (carId: string) =>
      known.has(carId) ? likes.toggle(carId, serverState(carId)) : Promise.resolve(),
    /** A like on its way, or the status not loaded yet (the button reads busy, and a tap is ignored until it is). */
    isPending: (carId: string) => likes.isPending(carId) || !known.has(carId),
  };
}
