import type { ApiClient } from '@autoreel/api-client';
import { PAGE_SIZES, type MessageSendBodyInput, type RouteAnswer } from '@autoreel/core';

/** Query keys of everything messaging caches; the stream and read marking update them. */
export const messagingKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  history: (chatUserId: string) => ['messages', 'history', chatUserId] as const,
};

/** The answers as the wire contract types them (@autoreel/core apiContract). */
export type ConversationsPage = RouteAnswer<'GET /messages/conversations'>;
export type HistoryPage = RouteAnswer<'GET /messages/conversations/:userId'>;
export type ConversationRead = RouteAnswer<'PUT /messages/conversations/:id/read'>;

export function fetchConversations(client: ApiClient, page: number): Promise<ConversationsPage> {
  return client.get('/messages/conversations', { query: { page, limit: PAGE_SIZES.conversations } });
}

/** Page 1 of a history holds the latest messages and page 2 the ones before; each is oldest first. */
export function fetchHistory(client: ApiClient, chatUserId: string, page = 1): Promise<HistoryPage> {
  return client.get('/messages/conversations/:userId', {
    params: { userId: chatUserId },
    query: { page, limit: PAGE_SIZES.messages },
  });
}

export async function fetchUnreadTotal(client: ApiClient): Promise<number> {
  const answer = await client.get('/messages/unread-count');
  return answer.unreadCount;
}

export function markConversationRead(client: ApiClient, conversationId: string): Promise<ConversationRead> {
  return client.put('/messages/conversations/:id/read', undefined, { params: { id: conversationId } });
}

/**
 * POST /messages/send. The Idempotency-Key makes a retried request store one message: the API answers a repeat of
 * the same key and body with the first answer.
 */
export function sendMessage(
  client: ApiClient,
  body: MessageSendBodyInput,
  idempotencyKey: string,
): Promise<RouteAnswer<'POST /messages/send'>> {
  return client.post('/messages/send', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
