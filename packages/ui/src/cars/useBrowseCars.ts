import { useInfiniteQuery } from '@tanstack/react-query';
import type { CarQuery, RouteAnswer } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { firstPageHeld } from '../platform/first-answers.ts';

/** Cars per page of the browse grid; the next page comes from the answer's nextCursor. */
export const BROWSE_PAGE_SIZE = 12;

/** A page of GET /cars as the contract answers it. */
export type BrowsePage = RouteAnswer<'GET /cars'>;

/** A car as GET /cars lists it: the stored car plus its poster, video state and seller labels. */
export type BrowseCar = BrowsePage['cars'][number];

export const browseCarsKey = (query: CarQuery) => ['cars', 'browse', query] as const;

/**
 * The browse list (SPEC 4 'Car list state': it loads when the filters change). The car query is the
 * key, so changing it starts again from the first page; 'Load More' follows nextCursor.
 */
export function useBrowseCars(query: CarQuery, enabled = true) {
  const api = useApi();
  const pageQuery = (cursor: string | null) => ({ ...query, limit: BROWSE_PAGE_SIZE, cursor });
  return useInfiniteQuery({
    queryKey: browseCarsKey(query),
    // Off while the query is not known yet (browse's rules are still loading): the list reads as loading.
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.client.get('/cars', { query: pageQuery(pageParam), signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A first visit's page holds the first page: drawn by the first render, which yields to taps as it goes.
    initialData: () => firstPageHeld(api.client.peek('/cars', { query: pageQuery(null) })),
    initialDataUpdatedAt: Date.now,
  });
}
