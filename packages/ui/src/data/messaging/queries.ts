import type { ApiClient } from '@autoreel/api-client';
import { PAGE_SIZES, type MessageSendBodyInput } from '@autoreel/core';
import type { ApiConversation, ApiMessage } from '../../messaging/types.ts';

/** Query keys of everything messaging caches; the stream and read marking update them. */
export const messagingKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  history: (chatUserId: string) => ['messages', 'history', chatUserId] as const,
};

export interface ConversationsPage {
  conversations: ApiConversation[];
  page: number;
  limit: number;
  total: number;
}

export interface HistoryPage {
  messages: ApiMessage[];
  page: number;
  limit: number;
  total: number;
  conversation: ApiConversation | null;
}

export interface ConversationRead {
  conversationId: string;
  markedCount: number;
  messageIds: string[];
  readAt: string | null;
  unreadCount: number;
}

export function fetchConversations(client: ApiClient, page: number): Promise<ConversationsPage> {
  return client.get<ConversationsPage>('/messages/conversations', {
    query: { page, limit: PAGE_SIZES.conversations },
  });
}

/** Page 1 of a history holds the latest messages and page 2 the ones before; each is oldest first. */
export function fetchHistory(client: ApiClient, chatUserId: string, page = 1): Promise<HistoryPage> {
  return client.get<HistoryPage>(`/messages/conversations/${encodeURIComponent(chatUserId)}`, {
    query: { page, limit: PAGE_SIZES.messages },
  });
}

export async function fetchUnreadTotal(client: ApiClient): Promise<number> {
  const answer = await client.get<{ unreadCount: number }>('/messages/unread-count');
  return answer.unreadCount;
}

export function markConversationRead(client: ApiClient, conversationId: string): Promise<ConversationRead> {
  return client.put<ConversationRead>(`/messages/conversations/${encodeURIComponent(conversationId)}/read`);
}

/**
 * POST /messages/send. The Idempotency-Key makes a retried request store one message: the API answers a repeat of
 * the same key and body with the first answer.
 */
export function sendMessage(
  client: ApiClient,
  body: MessageSendBodyInput,
  idempotencyKey: string,
): Promise<{ message: ApiMessage }> {
  return client.post<{ message: ApiMessage }>('/messages/send', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
