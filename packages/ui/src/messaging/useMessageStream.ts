import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerEvent } from '@autoreel/api-client';
import { useApi } from '../api/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import { messagingKeys } from '../data/messaging/queries.ts';
import { emitMessageStreamEvent } from './stream-events.ts';
import type { ApiMessage, ReadReceipt } from './types.ts';

function parse(event: ServerEvent): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Listens to GET /messages/stream while someone is signed in (mounted once, by the shell): the unread total goes
 * into the query cache the badges read, and new messages and read receipts go to the open screens.
 */
export function useMessageStream(): void {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const userId = useSession((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));

  useEffect(() => {
    if (!userId) return;
    let connections = 0;
    const stop = client.stream('/messages/stream', {
      onOpen() {
        connections += 1;
        if (connections === 1) return;
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
        emitMessageStreamEvent({ type: 'reconnected' });
      },
      onEvent(event) {
        const data = parse(event);
        if (!isRecord(data)) return;
        if (event.event === 'unread' && typeof data['unreadCount'] === 'number') {
          queryClient.setQueryData(messagingKeys.unread, data['unreadCount']);
        } else if (event.event === 'message' && isRecord(data['message'])) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
          emitMessageStreamEvent({ type: 'message', message: data['message'] as unknown as ApiMessage });
        } else if (event.event === 'read' && Array.isArray(data['messageIds'])) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
          emitMessageStreamEvent({ type: 'read', receipt: data as unknown as ReadReceipt });
        }
      },
    });
    return () => {
      stop();
      queryClient.removeQueries({ queryKey: messagingKeys.all });
    };
  }, [client, queryClient, userId]);
}
