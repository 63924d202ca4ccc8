import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { LikeStatusMap } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { LIKE_STATUS_ROOT } from './useCarLike.ts';
import { likedCarsKey, type LikedCar, type LikedCarsPage } from './useLikedCars.ts';

type LikedPages = InfiniteData<LikedCarsPage, number>;

/** Where a removed car stood in the loaded pages, so a failed removal puts it back in its place. */
interface Removed {
  page: number;
  index: number;
}

function withoutCar(data: LikedPages | undefined, carId: string): LikedPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, cars: page.cars.filter((c) => c.id !== carId) })),
  };
}

function withCarAt(data: LikedPages | undefined, car: LikedCar, at: Removed): LikedPages | undefined {
  if (!data || data.pages.some((page) => page.cars.some((c) => c.id === car.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page, n) =>
      n === at.page
        ? { ...page, cars: [...page.cars.slice(0, at.index), car, ...page.cars.slice(at.index)] }
        : page,
    ),
  };
}

export interface RemoveLikedCarOptions {
  /** The removal failed: the car is back in the list; the caller says so. */
  onError?: (car: LikedCar, error: Error) => void;
}

/**
 * Takes a car off the buyer's favourites from the list itself (SPEC 7: POST /cars/{id}/like toggles the like). The
 * car leaves the cached list at once; a failure puts it back where it stood. Once no removal is running, the list
 * is read again, so later pages close up over the cars taken out.
 */
export function useRemoveLikedCar(userId: string, options: RemoveLikedCarOptions = {}) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const key = likedCarsKey(userId);
  const mutationKey = [...key, 'remove'];
  return useMutation({
    mutationKey,
    mutationFn: async (car: LikedCar) => {
      let answer = await client.post('/cars/:id/like', undefined, { params: { id: car.id } });
      // The like is a toggle: a car unliked meanwhile on another screen was just liked again; one more press
      // takes it off.
      if (answer.liked) answer = await client.post('/cars/:id/like', undefined, { params: { id: car.id } });
      if (answer.liked) throw new Error('The car is still in your favorites. Try again.');
      return answer;
    },
    onMutate: async (car): Promise<Removed | null> => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const data = queryClient.getQueryData<LikedPages>(key);
      let at: Removed | null = null;
      data?.pages.forEach((page, n) => {
        const index = page.cars.findIndex((c) => c.id === car.id);
        if (index >= 0 && !at) at = { page: n, index };
      });
      queryClient.setQueryData<LikedPages>(key, (current) => withoutCar(current, car.id));
      return at;
    },
    onError: (error, car, at) => {
      if (at) queryClient.setQueryData<LikedPages>(key, (current) => withCarAt(current, car, at));
      options.onError?.(car, error);
    },
    onSuccess: (answer, car) => {
      // Other lists showing this car (browse, discover, the feed) show it unliked, with the server's count.
      queryClient.setQueriesData<LikeStatusMap>({ queryKey: LIKE_STATUS_ROOT }, (map) =>
        map?.[car.id] ? { ...map, [car.id]: { isLiked: false, totalLikes: answer.totalLikes } } : map,
      );
    },
    onSettled: () => {
      // This removal still counts as running here: 1 means it is the last.
      if (queryClient.isMutating({ mutationKey }) <= 1)
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
