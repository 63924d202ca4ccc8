import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionRequest } from '@autoreel/core';
import { ApiError } from '@autoreel/api-client';
import { useApi } from '../../../api/ApiProvider.tsx';

const deletionKey = (userId: string) => ['account', 'deletion-request', userId] as const;

/** Whether the signed-in user has a deletion request pending (GET /auth/delete-request). */
export function useDeletionStatus(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: deletionKey(userId),
    queryFn: ({ signal }) =>
      api.client.get<{ requestedAt: string | null }>('/auth/delete-request', { signal }),
  });
}

/**
 * POST /auth/delete-request. A 409 means a request is already pending: the status is reloaded so the screen
 * shows it, and the server's message explains it.
 */
export function useRequestDeletion(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.client.post<AccountDeletionRequest>('/auth/delete-request'),
    onSuccess: (answer) => {
      queryClient.setQueryData(deletionKey(userId), { requestedAt: answer.requestedAt });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: deletionKey(userId) });
      }
    },
  });
}
