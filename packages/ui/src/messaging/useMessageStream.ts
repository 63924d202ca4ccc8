import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type * as StreamEvents from '@autoreel/core/contract';
import { useApi } from '../api/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import { messagingKeys } from '../data/messaging/queries.ts';
import { emitMessageStreamEvent } from './stream-events.ts';

/**
 * Listens to GET /messages/stream while someone is signed in (mounted once, by the shell): the unread total goes
 * into the query cache the badges read, and new messages and read receipts go to the open screens.
 */
/**
 * The contract's reader of stream events checks them with its zod schemas: it loads with the first event, so the
 * first screen's JavaScript does without the schema library (only a signed-in visitor has a stream).
 */
let eventReader: Promise<typeof StreamEvents> | null = null;

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
      onEvent(serverEvent) {
        eventReader ??= import('@autoreel/core/contract');
        // One promise for every event, so they are handled in the order they arrived.
        void eventReader.then(({ readMessageStreamEvent }) => {
          // Read by the wire contract's event union: an event it does not list is ignored.
          const streamEvent = readMessageStreamEvent(serverEvent.event, serverEvent.data);
          if (streamEvent?.event === 'unread') {
            queryClient.setQueryData(messagingKeys.unread, streamEvent.data.unreadCount);
          } else if (streamEvent?.event === 'message') {
            void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
            emitMessageStreamEvent({ type: 'message', message: streamEvent.data.message });
          } else if (streamEvent?.event === 'read') {
            void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
            emitMessageStreamEvent({ type: 'read', receipt: streamEvent.data });
          }
        });
      },
    });
    return () => {
      stop();
      queryClient.removeQueries({ queryKey: messagingKeys.all });
    };
  }, [client, queryClient, userId]);
}
