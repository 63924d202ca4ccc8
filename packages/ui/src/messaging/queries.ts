import type { ApiClient } from '@autoreel/api-client';
import {
  PAGE_SIZES,
  PAYMENT_WARNING_REASONS,
  REPORT_DETAILS_MAX_LENGTH,
  type PaymentWarningKind,
  type ApiConversationsPage,
  type ApiMessagesPage,
  type ConversationOpenBody,
  type ConversationOpened,
  type ConversationRead,
  type MessageSendBodyInput,
  type SentMessageAnswer,
} from '@autoreel/core';

/** Query keys of everything messaging caches; the stream and read marking update them. */
export const messagingKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  /** Every chat's history (see chat-history.ts), and one chat's: the chat is opened by a user, dealer or car id. */
  histories: ['messages', 'history'] as const,
  history: (chatUserId: string) => ['messages', 'history', chatUserId] as const,
};

export function fetchConversations(client: ApiClient, page: number): Promise<ApiConversationsPage> {
  return client.get('/messages/conversations', {
    query: { page, limit: PAGE_SIZES.conversations },
  });
}

/** Page 1 of a history holds the latest messages and page 2 the ones before; each is oldest first. */
export function fetchHistory(client: ApiClient, chatUserId: string, page = 1): Promise<ApiMessagesPage> {
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
 * the same key and body with the first answer. The answer (and the sender's stream event) echo it as `clientId`.
 */
export function sendMessage(
  client: ApiClient,
  body: MessageSendBodyInput,
  idempotencyKey: string,
): Promise<SentMessageAnswer> {
  return client.post('/messages/send', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /messages/conversations: gets or opens the conversation, whose upload folder the first files go to. */
export function openConversation(client: ApiClient, body: ConversationOpenBody): Promise<ConversationOpened> {
  return client.post('/messages/conversations', body);
}
/**
 * Files a report from the warning under a message that asked for money: the message itself, as a scam, its details
 * naming the rule the message met and quoting its start (POST /reports; one report per reporter and message).
 */
export function reportPaymentRequest(
  client: ApiClient,
  report: { messageId: string; kind: PaymentWarningKind; text: string },
): Promise<unknown> {
  const quoted = report.text.length > 300 ? `${report.text.slice(0, 300)}...` : report.text;
  const details = `${PAYMENT_WARNING_REASONS[report.kind]}: "${quoted}"`;
  return client.post('/reports', {
    targetType: 'message',
    targetId: report.messageId,
    reason: 'scam',
    details: details.slice(0, REPORT_DETAILS_MAX_LENGTH),
  });
}
