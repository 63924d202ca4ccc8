import type { NotificationStreamData, SavedSearchAlert, SavedSearchCreateBody } from '@autoreel/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../platform/ApiProvider.tsx';
import { useSession } from '../state/session.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  savedSearches: ['notifications', 'saved-searches'] as const,
};

/** The signed-in user's latest notifications and unread count; the stream's events keep it current. */
export function useNotifications() {
  const { client } = useApi();
  const signedIn = useSession((s) => s.status === 'authenticated');
  return useQuery({
    queryKey: notificationKeys.list,
    enabled: signedIn,
    staleTime: 60_000,
    queryFn: () => client.get('/notifications', { query: { page: 1, limit: 20 } }),
  });
}

/** The unread count the bell and the Account tab show; null while unknown or signed out. */
export function useNotificationsUnread(): number | null {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const query = useNotifications();
  return signedIn ? (query.data?.unreadCount ?? null) : null;
}

/** A stream event: the new count at once, then the list reloads to show the new notification. */
export function applyNotificationEvent(queryClient: QueryClient, data: NotificationStreamData): void {
  queryClient.setQueryData(notificationKeys.list, (page: { unreadCount: number } | undefined) =>
    page ? { ...page, unreadCount: data.unreadCount } : page,
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  if (data.notification?.kind === 'saved_search_match') {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.savedSearches });
  }
}

export function useMarkRead() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // 'all' marks every one read.
    mutationFn: (id: string) =>
      id === 'all'
        ? client.put('/notifications/read-all', undefined)
        : client.put('/notifications/:id/read', undefined, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useSavedSearches() {
  const { client } = useApi();
  const signedIn = useSession((s) => s.status === 'authenticated');
  return useQuery({
    queryKey: notificationKeys.savedSearches,
    enabled: signedIn,
    queryFn: () => client.get('/saved-searches'),
  });
}

export function useSaveSearch() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchCreateBody) => client.post('/saved-searches', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.savedSearches }),
  });
}

export function useUpdateSavedSearch() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      name?: string;
      paused?: boolean;
      alert?: SavedSearchAlert;
      opened?: true;
    }) => client.put('/saved-searches/:id', body, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.savedSearches }),
  });
}

export function useDeleteSavedSearch() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete('/saved-searches/:id', undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.savedSearches }),
  });
}
