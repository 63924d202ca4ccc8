import { useQueries, type QueryClient } from '@tanstack/react-query';
import { CAR_IDS_BATCH_MAX, type CarStats } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/** The stats batches' keys: ['cars', 'stats', 'batch', ids]. */
const STATS_BATCH_KEY = ['cars', 'stats', 'batch'] as const;

type StatsBatch = Record<string, CarStats>;

/**
 * A comment or reply on the car was posted: every cached batch that counts it shows one more comment at once, then
 * asks the server again, so the count the buyer sees is the stored one (the same a reload shows).
 */
export async function countPostedComment(queryClient: QueryClient, carId: string): Promise<void> {
  const holdsCar = {
    queryKey: STATS_BATCH_KEY,
    predicate: (query: { queryKey: readonly unknown[] }) =>
      (query.queryKey[3] as readonly string[] | undefined)?.includes(carId) === true,
  };
  queryClient.setQueriesData<StatsBatch>(holdsCar, (batch) => {
    const entry = batch?.[carId];
    return entry ? { ...batch, [carId]: { ...entry, comments: entry.comments + 1 } } : batch;
  });
  await queryClient.invalidateQueries(holdsCar);
}

/**
 * Each listed car's public counts (likes, comments, shares): one POST /cars/stats/batch (SPEC 7) per group of ids,
 * asked signed in or not, so the feed shows its counts to everyone.
 */
export function useCarStats(idGroups: readonly (readonly string[])[]): Map<string, CarStats> {
  const { client } = useApi();
  const groups = idGroups.map((ids) => ids.slice(0, CAR_IDS_BATCH_MAX)).filter((ids) => ids.length > 0);
  const answers = useQueries({
    queries: groups.map((ids) => ({
      queryKey: [...STATS_BATCH_KEY, ids],
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
