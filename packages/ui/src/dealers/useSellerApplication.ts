import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerApplication, SellerType } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/** The caller's latest application that was not cancelled, or null when there is none (SPEC 7). */
export type MyApplication = DealerApplication | null;

export interface ApplicationInput {
  businessType: SellerType;
  /** The dealership's name; private sellers are named after their account by the API. */
  businessName?: string;
  location: string;
}

/** Per account: a sign-out and a sign-in as someone else must not show the first person's application. */
export const myApplicationKey = (userId: string) => ['dealer-applications', 'mine', userId] as const;

export function useMyApplication(userId: string, enabled = true) {
  const { client } = useApi();
  return useQuery({
    queryKey: myApplicationKey(userId),
    enabled,
    queryFn: async ({ signal }) => await client.get('/dealer-applications/my-application', { signal }),
    // An admin may decide at any time; the screen should not show a stale 'under review' from a minute ago.
    staleTime: 0,
  });
}

/** POST /dealer-applications. The answer is the new application, which becomes the cached status. */
export function useApplyAsSeller(userId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => client.post('/dealer-applications', input),
    onSuccess: (application) => queryClient.setQueryData(myApplicationKey(userId), application),
  });
}

/** DELETE /dealer-applications/my-application: a pending application is withdrawn and the user may apply again. */
export function useCancelApplication(userId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.delete('/dealer-applications/my-application'),
    onSuccess: () => queryClient.setQueryData<MyApplication>(myApplicationKey(userId), null),
  });
}

/** Reloads the status (after the server said the cached one is out of date: rejected meanwhile, already pending). */
export function useReloadApplication(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myApplicationKey(userId) });
}
