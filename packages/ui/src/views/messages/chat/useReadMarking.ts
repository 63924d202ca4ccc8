import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { changeHistory, hasUnreadFor, withAllReadBy, withRead } from '../../../messaging/chat-history.ts';
import { markConversationRead, messagingKeys } from '../../../messaging/queries.ts';
import type { ChatMessage } from '../../../messaging/types.ts';

/**
 * SPEC 4: opening a conversation with unread messages marks it read, and so does the window regaining focus; a
 * message arriving while the chat is on screen is read at once too (so the sender sees 'Read'). The new total
 * comes from the server's answer, which cannot go below 0. Failures are only logged (SPEC 8).
 */
export function useReadMarking({
  chatUserId,
  conversationId,
  messages,
  myId,
}: {
  chatUserId: string;
  conversationId: string | null;
  messages: ChatMessage[];
  myId: string;
}) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const latest = useRef(messages);
  latest.current = messages;
  const inFlight = useRef(false);

  const mark = useCallback(async () => {
    if (!conversationId || inFlight.current || !hasUnreadFor(latest.current, myId)) return;
    inFlight.current = true;
    try {
      const answer = await markConversationRead(client, conversationId);
      queryClient.setQueryData(messagingKeys.unread, answer.unreadCount);
      // Nothing marked means the server had them read already (another tab): align the screen with it.
      const change = answer.markedCount === 0 ? withAllReadBy(myId) : withRead(answer.messageIds);
      changeHistory(queryClient, chatUserId, change);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    } catch (error) {
      console.warn('Conversation could not be marked read', error);
    } finally {
      inFlight.current = false;
    }
  }, [chatUserId, client, conversationId, myId, queryClient]);

  const unread = hasUnreadFor(messages, myId);
  useEffect(() => {
    if (unread && document.visibilityState !== 'hidden') void mark();
  }, [unread, mark]);

  useEffect(() => {
    const onFocus = () => void mark();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [mark]);
}
