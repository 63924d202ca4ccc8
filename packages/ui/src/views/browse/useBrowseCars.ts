import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActiveCarFilters, Car, CarListResult, CarSort } from '@autoreel/core';
import { useApi } from '../../api/ApiProvider.tsx';

/** Cars per page of the browse grid; the next page comes from the answer's nextCursor. */
export const BROWSE_PAGE_SIZE = 12;

/** A car as GET /cars lists it: the stored car plus the poster and the private-seller flag the list adds. */
export type BrowseCar = Car & { poster?: string | null; isPrivateSeller?: boolean | null };

export interface BrowsePage extends Omit<CarListResult, 'cars'> {
  cars: BrowseCar[];
}

export const browseCarsKey = (filters: ActiveCarFilters, sort: CarSort) =>
  ['cars', 'browse', filters, sort] as const;

/**
 * The browse list (SPEC 4 'Car list state': it loads when the filters change). Filters and sort are part of the
 * key, so changing either starts again from the first page; 'Load More' follows nextCursor.
 */
export function useBrowseCars(filters: ActiveCarFilters, sort: CarSort) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: browseCarsKey(filters, sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.client.get<BrowsePage>('/cars', {
        query: { ...filters, sort, limit: BROWSE_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
