import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { carIdOf, feedIndexAfter, shouldLoadMore } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { firstPageHeld } from '../platform/first-answers.ts';
import type { CarMatch } from './MatchScore.tsx';
import type { BrowseCar } from './useBrowseCars.ts';

/** A car as the feed receives it: from GET /cars, or from AI results, which may be incomplete. */
export type FeedCar = Partial<BrowseCar>;

/** Cars per request: small, so the first video starts quickly; more follow 3 cars before the end. */
export const FEED_PAGE_SIZE = 10;

export const feedCarsKey = ['cars', 'feed'] as const;
const feedPageQuery = (cursor: string | null) => ({ sort: 'newest' as const, limit: FEED_PAGE_SIZE, cursor });

/** Matched cars as the feed takes them, best first, and what was asked; the AI panels' results are of this shape. */
export interface FeedMatches {
  results: readonly (CarMatch & { car: FeedCar })[];
  label: string;
}

interface Replacement {
  cars: FeedCar[];
  matches: ReadonlyMap<string, CarMatch>;
  label: string;
}

const NO_MATCHES: ReadonlyMap<string, CarMatch> = new Map();

/** The results' cars as the list, their order kept; each car's own score and reasons stay with it. */
function replacementOf(results: FeedMatches['results'], label: string): Replacement {
  const matches = new Map<string, CarMatch>();
  for (const { car, matchScore, reasons } of results) {
    const id = carIdOf(car);
    if (id) matches.set(id, { matchScore, reasons });
  }
  return { cars: results.map((r) => r.car), matches, label };
}

export interface FeedCars {
  status: 'loading' | 'error' | 'ready';
  error: Error | null;
  retry: () => void;
  cars: FeedCar[];
  index: number;
  current: FeedCar | undefined;
  move: (direction: 'next' | 'previous') => void;
  /** Search or quiz results replace the list, in the server's rank order, and restart at the first car (SPEC 4). */
  replaceWith: (results: FeedMatches) => void;
  /** Each AI result's score and reasons by car id; empty while the feed shows every car. */
  matches: ReadonlyMap<string, CarMatch>;
  /** Show All: back to every car, from the first. */
  showAll: () => void;
  /** Set while AI results replace the list. */
  replaced: { label: string; shown: number; total: number } | null;
  loadingMore: boolean;
}

/** The feed's list (every active car, newest first, paged by cursor), its position and the AI replacement. */
export function useFeedCars(): FeedCars {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: feedCarsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.client.get('/cars', { query: feedPageQuery(pageParam), signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: () => firstPageHeld(api.client.peek('/cars', { query: feedPageQuery(null) })),
    initialDataUpdatedAt: Date.now,
  });
  const [replacement, setReplacement] = useState<Replacement | null>(null);
  const [index, setIndex] = useState(0);

  const all = useMemo(() => query.data?.pages.flatMap((p) => p.cars) ?? [], [query.data]);
  const cars: FeedCar[] = replacement?.cars ?? all;
  const total = query.data?.pages[0]?.total ?? all.length;
  const hasMore = !replacement && query.hasNextPage;
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  // A failed page is not retried in a loop: the next move past the threshold asks again.
  useEffect(() => {
    if (cars.length === 0 || isFetchNextPageError) return;
    if (shouldLoadMore(index, cars.length, hasMore, isFetchingNextPage)) void fetchNextPage();
  }, [index, cars.length, hasMore, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const move = useCallback(
    (direction: 'next' | 'previous') => {
      setIndex((i) => {
        const next = feedIndexAfter(i, direction, cars.length);
        if (next === i && direction === 'next' && isFetchNextPageError) void fetchNextPage();
        return next;
      });
    },
    [cars.length, isFetchNextPageError, fetchNextPage],
  );

  const replaceWith = useCallback(({ results, label }: FeedMatches) => {
    setReplacement(replacementOf(results, label));
    setIndex(0);
  }, []);
  const showAll = useCallback(() => {
    setReplacement(null);
    setIndex(0);
  }, []);

  const safeIndex = Math.min(index, Math.max(0, cars.length - 1));
  return {
    status: query.isPending ? 'loading' : query.isError ? 'error' : 'ready',
    error: query.error,
    retry: () => void query.refetch(),
    cars,
    index: safeIndex,
    current: cars[safeIndex],
    move,
    replaceWith,
    matches: replacement?.matches ?? NO_MATCHES,
    showAll,
    replaced: replacement ? { label: replacement.label, shown: replacement.cars.length, total } : null,
    loadingMore: isFetchingNextPage,
  };
}
