import { useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@autoreel/api-client';
import type { Photo } from '@autoreel/core';
import { useApi } from '../../api/ApiProvider.tsx';

/** The car as GET /cars/{id} returns it; every field is optional because listings vary. */
export interface DetailCar {
  id?: string;
  _id?: string;
  make?: string;
  model?: string;
  year?: number;
  mileage?: number | null;
  fuelType?: string;
  transmission?: string;
  bodyType?: string;
  seats?: number | null;
  color?: string;
  exteriorColor?: string;
  interiorColor?: string;
  condition?: string;
  features?: string[];
  description?: string;
  images?: string[];
  /** The images as responsive photos, same order; the poster as one when it is a photo. */
  photos?: Photo[];
  posterPhoto?: Photo | null;
  poster?: string | null;
  videos?: string[];
  price?: number | null;
  formattedPrice?: string | null;
  currency?: string | { symbol?: string | null } | null;
  dealerId?: string | null;
  sellerId?: string | null;
  dealerName?: string | null;
  dealerPhone?: string | null;
  dealerLocation?: string | null;
  dealerRating?: number | null;
  sellerName?: string | null;
  sellerPhone?: string | null;
  sellerLocation?: string | null;
  sellerType?: string | null;
  isPrivateSeller?: boolean;
}

/** One car's cache entry, shared by the detail page, the feed's details and the chat's listing strip. */
export const carKey = (carId: string) => ['car', carId] as const;

const carPath = (carId: string) => `/cars/${encodeURIComponent(carId)}`;

export function fetchCar(client: ApiClient, carId: string): Promise<DetailCar> {
  return client.get<DetailCar>(carPath(carId));
}

/** GET /cars/{id}; a 404 is final, other failures are tried once more. */
export function useCar(carId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: carKey(carId),
    queryFn: () => fetchCar(client, carId),
    // A shared link's page holds the car: the first render draws it.
    initialData: () => client.peek<DetailCar>(carPath(carId)),
    initialDataUpdatedAt: Date.now,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
