import { useQueries } from '@tanstack/react-query';
import { CAR_IDS_BATCH_MAX, type CarStats } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/**
 * Each listed car's public counts (likes, comments, shares): one POST /cars/stats/batch (SPEC 7) per group of ids,
 * asked signed in or not, so the feed shows its counts to everyone.
 */
export function useCarStats(idGroups: readonly (readonly string[])[]): Map<string, CarStats> {
  const { client } = useApi();
  const groups = idGroups.map((ids) => ids.slice(0, CAR_IDS_BATCH_MAX)).filter((ids) => ids.length > 0);
  const answers = useQueries({
    queries: groups.map((ids) => ({
      queryKey: ['cars', 'stats', 'batch', ids],
      staleTime: 30_000,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.post('/cars/stats/batch', { carIds: ids }, { signal }),
    })),
  });
  const stats = new Map<string, CarStats>();
  for (const answer of answers) {
    for (const [id, entry] of Object.entries(answer.data ?? {})) stats.set(id, entry);
  }
  return stats;
}
