import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarStatus } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { deleteCar, updateCar } from './car-requests.ts';

/** A private seller rarely has more than a handful of cars; a page of 20 shows them all in one go. */
export const MY_CARS_PAGE_SIZE = 20;

export const myCarsKey = ['cars', 'mine'] as const;

/** GET /cars/mine: the signed-in seller's own cars in every status, newest first. */
export function useMyCars() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: myCarsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      client.get('/cars/mine', {
        query: { sort: 'newest', limit: MY_CARS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Status changes and deletes. Every car list is refreshed afterwards: a sold car leaves the public lists, a deleted
 * one leaves them all.
 */
export function useMyCarActions() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cars'] });
  const setStatus = useMutation({
    mutationFn: ({ carId, status }: { carId: string; status: CarStatus }) =>
      updateCar(client, carId, { status }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (carId: string) => deleteCar(client, carId),
    onSettled: refresh,
  });
  return { setStatus, remove };
}
