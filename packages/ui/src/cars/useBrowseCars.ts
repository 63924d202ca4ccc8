import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActiveCarFilters, CarSort, RouteAnswer } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { firstPageHeld } from '../platform/first-answers.ts';

/** Cars per page of the browse grid; the next page comes from the answer's nextCursor. */
export const BROWSE_PAGE_SIZE = 12;

/** A page of GET /cars as the contract answers it. */
export type BrowsePage = RouteAnswer<'GET /cars'>;

/** A car as GET /cars lists it: the stored car plus its poster, video state and seller labels. */
export type BrowseCar = BrowsePage['cars'][number];

export const browseCarsKey = (filters: ActiveCarFilters, sort: CarSort) =>
  ['cars', 'browse', filters, sort] as const;

/**
 * The browse list (SPEC 4 'Car list state': it loads when the filters change). Filters and sort are part of the
 * key, so changing either starts again from the first page; 'Load More' follows nextCursor.
 */
export function useBrowseCars(filters: ActiveCarFilters, sort: CarSort) {
  const api = useApi();
  const pageQuery = (cursor: string | null) => ({ ...filters, sort, limit: BROWSE_PAGE_SIZE, cursor });
  return useInfiniteQuery({
    queryKey: browseCarsKey(filters, sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.client.get('/cars', { query: pageQuery(pageParam), signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A first visit's page holds the first page: drawn by the first render, which yields to taps as it goes.
    initialData: () => firstPageHeld(api.client.peek('/cars', { query: pageQuery(null) })),
    initialDataUpdatedAt: Date.now,
  });
}
