import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';

const SETTINGS_KEY = ['notification-settings'] as const;

/** GET /account/notification-settings: the signed-in account's own. */
export function useNotificationSettings(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.client.get('/account/notification-settings'),
    enabled,
  });
}

/** PUT /account/notification-settings: the whole set, answered back as saved. */
export function useSaveNotificationSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.client.put('/account/notification-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
