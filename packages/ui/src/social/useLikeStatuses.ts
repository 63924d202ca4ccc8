import { useQueries } from '@tanstack/react-query';
import { CAR_IDS_BATCH_MAX } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import { LIKE_STATUS_ROOT, type CarLikeState } from './useCarLike.ts';

export const likeStatusKey = (userId: string | null, carIds: readonly string[]) =>
  [...LIKE_STATUS_ROOT, userId, carIds] as const;

/**
 * Whether the signed-in buyer likes each listed car, and its like count: one POST /cars/likes/batch-status
 * (SPEC 7) per group of ids, so a list that grows page by page asks only about its new page. Logged out
 * nothing is asked: every card starts unliked and a tap asks to sign in.
 */
export function useLikeStatuses(idGroups: readonly (readonly string[])[]): Map<string, CarLikeState> {
  const { client } = useApi();
  const user = useSession((s) => s.user);
  const signedIn = useSession((s) => s.status === 'authenticated');
  const groups = idGroups.map((ids) => ids.slice(0, CAR_IDS_BATCH_MAX)).filter((ids) => ids.length > 0);
  const answers = useQueries({
    queries: groups.map((ids) => ({
      queryKey: likeStatusKey(user?.id ?? null, ids),
      enabled: signedIn,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.post('/cars/likes/batch-status', { carIds: ids }, { signal }),
    })),
  });
  const statuses = new Map<string, CarLikeState>();
  for (const answer of answers) {
    for (const [id, entry] of Object.entries(answer.data ?? {})) {
      statuses.set(id, { liked: entry.isLiked, totalLikes: entry.totalLikes });
    }
  }
  return statuses;
}
