import { useQueryClient } from '@tanstack/react-query';
import type { NotificationStreamData } from '@autoreel/core';
import { useEffect, useRef } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import { applyReadReceipt, applyStreamMessage } from './chat-history.ts';
import { messagingKeys } from './queries.ts';

/**
 * Listens to GET /messages/stream while someone is signed in (mounted once, by the shell). Every event goes into
 * the query cache, which the screens read: the unread total the badges show, new messages and read receipts into
 * the histories (a sender's own message reconciled by its echoed client id), and the conversation list reloads.
 */
export function useMessageStream(onNotification?: (data: NotificationStreamData) => void): void {
  // The stream carries the notifications' bell too; the shell hands their handler over (notifications/ owns it).
  const notificationHandler = useRef(onNotification);
  notificationHandler.current = onNotification;
  const { client } = useApi();
  const queryClient = useQueryClient();
  const userId = useSession((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));

  useEffect(() => {
    if (!userId) return;
    let connections = 0;
    const stop = client.stream('/messages/stream', {
      onOpen() {
        connections += 1;
        // Events sent while the stream was down are not replayed: reload what they would have changed.
        if (connections > 1) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
          void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        }
      },
      // Read by the client with the contract's event union: an event it does not list never arrives here.
      onEvent(streamEvent) {
        if (streamEvent.event === 'unread') {
          queryClient.setQueryData(messagingKeys.unread, streamEvent.data.unreadCount);
        } else if (streamEvent.event === 'message') {
          applyStreamMessage(queryClient, streamEvent.data);
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        } else if (streamEvent.event === 'notification') {
          notificationHandler.current?.(streamEvent.data);
        } else {
          applyReadReceipt(queryClient, streamEvent.data);
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        }
      },
    });
    return () => {
      stop();
      queryClient.removeQueries({ queryKey: messagingKeys.all });
    };
  }, [client, queryClient, userId]);
}
