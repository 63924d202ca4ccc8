import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarSort, CarStatus } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { retryUnlessRefused } from '../platform/query-retry.ts';
import { deleteCar, updateCar } from './car-requests.ts';

/** A private seller rarely has more than a handful of cars; a page of 20 shows them all in one go. */
export const MY_CARS_PAGE_SIZE = 20;

/** One page of GET /cars/mine: the caller's own cars, in every status unless one is chosen. */
export interface MyCarsQuery {
  status?: CarStatus | undefined;
  search?: string;
  sort: CarSort;
  limit: number;
  cursor: string | null;
}

/** Every page of the caller's own cars sits under this key, whichever list (seller or dealer inventory) asked. */
export const myCarsKey = ['cars', 'mine'] as const;
const myCarsPageKey = (query: MyCarsQuery) => [...myCarsKey, query] as const;

/** One server page of the caller's own cars: the seller's list and the dealer's inventory both read it. */
export function useMyCars(query: MyCarsQuery) {
  const { client } = useApi();
  return useQuery({
    queryKey: myCarsPageKey(query),
    queryFn: ({ signal }) =>
      client.get('/cars/mine', {
        query: {
          status: query.status,
          search: query.search?.trim(),
          sort: query.sort,
          limit: query.limit,
          cursor: query.cursor,
        },
        signal,
      }),
    // A list keeps showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    // While the server prepares a video (its ladder), the page is asked again every few seconds, so the seller sees
    // 'Video ready' (or 'Video failed') without reloading.
    refetchInterval: (q) =>
      q.state.data?.cars.some((car) => car.videoStatus === 'processing') ? VIDEO_STATUS_POLL_MS : false,
  });
}

/** How often a list with a video in preparation is asked again. */
export const VIDEO_STATUS_POLL_MS = 5_000;

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
