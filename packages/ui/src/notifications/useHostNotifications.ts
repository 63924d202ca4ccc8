import type { NotificationStreamData } from '@autoreel/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useHost } from '../platform/HostContext.tsx';
import { useNavigation } from '../state/navigation.ts';
import { locationFromUrl } from '../state/url.ts';
import { applyNotificationEvent, useNotificationsUnread } from './queries.ts';

/** The app location a notification's link names ('/cars/{id}', '/messages?conversation={id}'). */
export function locationOfLink(link: string) {
  const [path, search] = link.split('?');
  return locationFromUrl(path ?? '/', search ? `?${search}` : '');
}

/**
 * Notifications beyond the page, through the Host: the badge follows the unread count (0 signed out), a new one
 * shows on the OS while the app is not in front (the console; the web's come by push), and a clicked one opens its
 * place. Returns the stream's notification handler.
 */
export function useHostNotifications(): (data: NotificationStreamData) => void {
  const host = useHost();
  const queryClient = useQueryClient();
  const restore = useNavigation((s) => s.restore);
  const unread = useNotificationsUnread();

  useEffect(() => {
    host.setBadgeCount(unread ?? 0);
  }, [host, unread]);
  useEffect(() => host.onNotificationOpen((link) => restore(locationOfLink(link))), [host, restore]);

  return useCallback(
    (data: NotificationStreamData) => {
      applyNotificationEvent(queryClient, data);
      // In front, the bell tells of it; an OS notification would repeat what the user is looking at.
      if (data.notification && !data.notification.readAt && !document.hasFocus()) {
        const { title, body, link } = data.notification;
        host.notify({ title, body, link });
      }
    },
    [host, queryClient],
  );
}
