import { useQuery } from '@tanstack/react-query';
import { CAR_IDS_BATCH_MAX, type LikeStatusMap } from '@autoreel/core';
import { useApi } from '../api/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import type { CarLikeState } from './useCarLike.ts';

export const likeStatusKey = (userId: string | null, carIds: readonly string[]) =>
  ['cars', 'likes', 'batch-status', userId, carIds] as const;

/**
 * Whether the signed-in buyer likes each listed car, and its like count, in one POST /cars/likes/batch-status
 * (SPEC 7). Logged out nothing is asked: every card starts unliked and a tap asks to sign in.
 */
export function useLikeStatuses(carIds: readonly string[]): Map<string, CarLikeState> {
  const { client } = useApi();
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const ids = carIds.slice(0, CAR_IDS_BATCH_MAX);
  const query = useQuery({
    queryKey: likeStatusKey(user?.id ?? null, ids),
    enabled: status === 'authenticated' && ids.length > 0,
    queryFn: ({ signal }) =>
      client.post<LikeStatusMap>('/cars/likes/batch-status', { carIds: ids }, { signal }),
    placeholderData: (previous) => previous,
  });
  const statuses = new Map<string, CarLikeState>();
  for (const [id, entry] of Object.entries(query.data ?? {})) {
    statuses.set(id, { liked: entry.isLiked, totalLikes: entry.totalLikes });
  }
  return statuses;
}
