import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CarListResult,
  CarStatus,
  CarUpdateBody,
  DealerProfile,
  CarAnswer,
  DealerProfileUpdateBody,
  OverviewPeriod,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { deleteCar, updateCar } from '../cars/car-requests.ts';
import { myCarsKey } from '../cars/useMyCars.ts';
import { retryUnlessRefused } from '../platform/query-retry.ts';
import { useSession } from '../state/session.ts';

/** A car as the dealer's own lists answer it: the stored car plus its poster. */
export type DealerCar = CarAnswer;

/**
 * GET /dealers/profile/me adds these to SPEC 3's dealer profile, with what waits: a new phone (for the code sent to
 * it) and a verified dealership's new name (for review).
 */
export type DealerSettingsProfile = DealerProfile & {
  verified?: boolean;
  totalCars?: number;
  pendingName?: string | null;
  pendingPhone?: string | null;
};

export interface MyCarsPage extends Omit<CarListResult, 'cars'> {
  cars: DealerCar[];
}

const dealerKeys = {
  all: ['dealer'] as const,
  overview: (days: OverviewPeriod) => ['dealer', 'overview', days] as const,
  profile: ['dealer', 'profile'] as const,
};

export function useDealerOverview(days: OverviewPeriod) {
  const api = useApi();
  return useQuery({
    queryKey: dealerKeys.overview(days),
    queryFn: ({ signal }) => api.client.get('/dealers/me/overview', { query: { days }, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** SPEC 6: the settings profile loads only when the user type is dealer. */
export function useDealerProfile() {
  const api = useApi();
  const user = useSession((s) => s.user);
  // A stored user from before `type` existed falls back to its role.
  const enabled = (user?.type ?? user?.role) === 'dealer';
  return useQuery({
    queryKey: dealerKeys.profile,
    queryFn: ({ signal }) => api.client.get('/dealers/profile/me', { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Any change to cars or the profile makes every dashboard figure and the inventory's pages stale. */
function useInvalidateDealer() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dealerKeys.all }),
      queryClient.invalidateQueries({ queryKey: myCarsKey }),
    ]);
}

export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDealer();
  return useMutation({
    mutationFn: (body: DealerProfileUpdateBody) => api.client.put('/dealers/profile/me', body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(dealerKeys.profile, profile);
      await invalidate();
    },
  });
}

export interface StatusChange {
  carIds: string[];
  status: CarStatus;
}

/** POST /cars/bulk-status: every listed car changes, or none does. */
export function useBulkStatus() {
  const api = useApi();
  const invalidate = useInvalidateDealer();
  return useMutation({
    mutationFn: ({ carIds, status }: StatusChange) =>
      api.client.post('/cars/bulk-status', { carIds, status }),
    onSettled: invalidate,
  });
}

/**
 * Puts each car back to the status it had before a bulk change: one all-or-nothing call per earlier status.
 * `previous` maps car id to that status.
 */
export function useRestoreStatuses() {
  const api = useApi();
  const invalidate = useInvalidateDealer();
  return useMutation({
    mutationFn: async (previous: ReadonlyMap<string, CarStatus>) => {
      const groups = new Map<CarStatus, string[]>();
      for (const [carId, status] of previous) groups.set(status, [...(groups.get(status) ?? []), carId]);
      for (const [status, carIds] of groups) {
        await api.client.post('/cars/bulk-status', { carIds, status });
      }
    },
    onSettled: invalidate,
  });
}

export function useUpdateCar() {
  const api = useApi();
  const invalidate = useInvalidateDealer();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CarUpdateBody }) => updateCar(api.client, id, body),
    onSettled: invalidate,
  });
}

export function useDeleteCar() {
  const api = useApi();
  const invalidate = useInvalidateDealer();
  return useMutation({
    mutationFn: (id: string) => deleteCar(api.client, id),
    onSettled: invalidate,
  });
}
