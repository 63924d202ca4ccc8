import { useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@autoreel/api-client';
import type { RouteAnswer } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/**
 * The car as GET /cars/{id} answers it. Every field is optional: the feed's details panel shows the same pieces for
 * a car from a list or from AI results, which may lack some.
 */
export type DetailCar = Partial<RouteAnswer<'GET /cars/:id'>>;

/** One car's cache entry, shared by the detail page, the feed's details and the chat's listing strip. */
export const carKey = (carId: string) => ['car', carId] as const;

export function fetchCar(client: ApiClient, carId: string): Promise<DetailCar> {
  return client.get('/cars/:id', { params: { id: carId } });
}

/** GET /cars/{id}; a 404 is final, other failures are tried once more. */
export function useCar(carId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: carKey(carId),
    queryFn: () => fetchCar(client, carId),
    // A shared link's page holds the car: the first render draws it.
    initialData: (): DetailCar | undefined => client.peek('/cars/:id', { params: { id: carId } }),
    initialDataUpdatedAt: Date.now,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
