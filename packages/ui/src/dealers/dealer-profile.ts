import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerProfile, ReplyTime, ReviewCreateBody, ReviewsPage } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { nextPageOf } from '../platform/pages.ts';

export const REVIEWS_PAGE_SIZE = 10;
/** How many of a dealer's cars the public profile lists. */
const DEALER_CARS_SHOWN = 12;

/** GET /dealers/{id} adds these to SPEC 3's dealer profile. */
export type PublicDealer = DealerProfile & {
  verified?: boolean;
  activeCars?: number;
  totalCars?: number;
  /** How soon the dealership usually answers; null under 3 conversations. */
  replyTime?: ReplyTime;
};

const dealerKey = (dealerId: string) => ['dealer', dealerId] as const;
const reviewsKey = (dealerId: string) => ['dealer-reviews', dealerId] as const;

/** A dealership's public profile (the feed's and the detail page's dealer sheet). */
export function usePublicDealer(dealerId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: dealerKey(dealerId),
    queryFn: () => client.get('/dealers/:id', { params: { id: dealerId } }),
  });
}

export function useDealerCars(dealerId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['dealer-cars', dealerId],
    queryFn: () =>
      client.get('/dealers/:id/cars', {
        params: { id: dealerId },
        query: { limit: DEALER_CARS_SHOWN },
      }),
  });
}

/** Customer reviews ten at a time (SPEC 8: a failure is only logged and the list stays empty). */
export function useDealerReviews(dealerId: string) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: reviewsKey(dealerId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ReviewsPage> => {
      try {
        return await client.get('/dealers/:id/reviews', {
          params: { id: dealerId },
          query: { page: pageParam, limit: REVIEWS_PAGE_SIZE },
        });
      } catch (error) {
        console.warn('Reviews unavailable', error);
        return { reviews: [], page: pageParam, limit: REVIEWS_PAGE_SIZE, total: 0 };
      }
    },
    getNextPageParam: nextPageOf,
  });
}

/** POST /dealers/{id}/reviews; the reviews and the profile's rating load again afterwards. */
export function usePostReview(
  dealerId: string,
  { onPosted, onFailed }: { onPosted: () => void; onFailed: (failure: Error) => void },
) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewCreateBody) =>
      client.post('/dealers/:id/reviews', body, { params: { id: dealerId } }),
    onSuccess: async () => {
      onPosted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey(dealerId) }),
        queryClient.invalidateQueries({ queryKey: dealerKey(dealerId) }),
      ]);
    },
    onError: onFailed,
  });
}
