import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZES, isLastPage, type RouteAnswer } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/** SPEC 9: liked cars come 20 a page. */
export const LIKED_PAGE_SIZE = PAGE_SIZES.liked;

export type LikedCarsPage = RouteAnswer<'GET /cars/user/liked'>;
export type LikedCar = LikedCarsPage['cars'][number];

export const likedCarsKey = (userId: string) => ['cars', 'liked', userId] as const;

/**
 * The signed-in buyer's liked cars, newest like first (SPEC 7: GET /cars/user/liked?page&limit). A page shorter
 * than 20 is the last one, so 'Load More' disappears after it.
 */
export function useLikedCars(userId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: likedCarsKey(userId),
    // Likes change on other screens; the tab reloads what it shows each time it opens.
    staleTime: 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.client.get('/cars/user/liked', {
        query: { page: pageParam, limit: LIKED_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, _pages, lastPage) =>
      isLastPage(last.cars.length, LIKED_PAGE_SIZE) ? undefined : lastPage + 1,
  });
}
