import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@autoreel/api-client';
import { deliveredStatus, type ApiMessagesPage } from '@autoreel/core';
import type { ApiConversation, ApiMessage, ChatMessage, LocalAttachment } from './types.ts';
import { fetchHistory, messagingKeys } from './queries.ts';

/**
 * A conversation's history as the query cache holds it under messagingKeys.history: the server's pages, the
 * messages the stream brought and local ones on their way. The chat shows this and keeps no copy of it: sends, the
 * stream and read marking change it here (SPEC 4 'Messaging': Sending..., delivered or read, failed).
 */
export interface ChatHistory {
  /** Oldest first; local messages still on their way (or failed) after the server's. */
  messages: ChatMessage[];
  /** The server's count of the conversation's messages (for 'Load earlier messages'). */
  total: number;
  /** Null until the two have written to each other (the placeholder chat). */
  conversation: ApiConversation | null;
}

type MessagesChange = (messages: ChatMessage[]) => ChatMessage[];

/** A server message as the chat shows it; own messages show read if isRead, else delivered (SPEC 4). */
export function fromServer(message: ApiMessage): ChatMessage {
  return {
    id: message.id,
    senderId: message.senderId,
    receiverId: message.receiverId,
    message: message.message,
    createdAt: message.createdAt,
    isRead: message.isRead,
    status: deliveredStatus(message.isRead),
    attachmentUrls: message.attachmentUrls,
    attachmentKeys: message.attachments,
    attachmentPhotos: message.attachmentPhotos,
    attachmentFiles: message.attachmentFiles,
    contact: message.contact ?? null,
  };
}

function byTime(a: ChatMessage, b: ChatMessage): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** The server's copy, still read if a copy already shown was: answers may arrive late, a read never goes back. */
function keepRead(next: ChatMessage, shown: ChatMessage | undefined): ChatMessage {
  const isRead = next.isRead || (shown?.isRead ?? false);
  return { ...next, isRead, status: deliveredStatus(isRead) };
}

/** Adds or updates one server message by its id. */
function upsert(list: ChatMessage[], message: ApiMessage): ChatMessage[] {
  const next = fromServer(message);
  const index = list.findIndex((m) => m.id === next.id);
  if (index < 0) return [...list, next].sort(byTime);
  return list.map((m, i) => (i === index ? keepRead(next, m) : m));
}

/** Server messages (a page, or the ones the stream brought) merged by id; local ones stay below them. */
export function withServerMessages(messages: ApiMessage[]): MessagesChange {
  return (list) => [
    ...messages.reduce(
      upsert,
      list.filter((m) => !m.local),
    ),
    ...list.filter((m) => m.local),
  ];
}

/**
 * The server's copy of a message: it takes the place of the local copy whose id is the client id the server echoed
 * (the send's Idempotency-Key), never of one that only reads the same, so two identical texts sent at once stay
 * two. The send's answer and the sender's stream both bring it, in either order; whichever comes second finds the
 * server's copy in place and only updates it.
 */
export function reconciled(message: ApiMessage, clientId: string | null): MessagesChange {
  return (list) => {
    const local = clientId === null ? undefined : list.find((m) => m.local && m.id === clientId);
    if (!local) return upsert(list, message);
    const server = keepRead(
      fromServer(message),
      list.find((m) => m.id === message.id),
    );
    return list.filter((m) => m.id !== message.id).map((m) => (m === local ? server : m));
  };
}

/** A local message on its way: 'Sending...' until its answer (or its stream event) arrives. */
export function withLocalMessage(local: {
  id: string;
  senderId: string;
  receiverId: string;
  text: string;
  files: LocalAttachment[];
}): MessagesChange {
  return (list) => [
    ...list,
    {
      id: local.id,
      senderId: local.senderId,
      receiverId: local.receiverId,
      message: local.text,
      createdAt: new Date().toISOString(),
      isRead: false,
      status: 'sending',
      attachmentUrls: [],
      attachmentKeys: [],
      local: { attachments: local.files, uploadProgress: local.files.length > 0 ? 0 : null },
    },
  ];
}

export function withUploadProgress(id: string, fraction: number): MessagesChange {
  return (list) =>
    list.map((m) => (m.id === id && m.local ? { ...m, local: { ...m.local, uploadProgress: fraction } } : m));
}

export function withFailed(id: string): MessagesChange {
  return (list) => list.map((m) => (m.id === id ? { ...m, status: 'failed' } : m));
}

export function withoutMessage(id: string): MessagesChange {
  return (list) => list.filter((m) => m.id !== id);
}

/** A read receipt: these messages (one's own) were read. */
export function withRead(messageIds: readonly string[]): MessagesChange {
  const ids = new Set(messageIds);
  return (list) => list.map((m) => (ids.has(m.id) ? { ...m, isRead: true, status: 'read' } : m));
}

/** Every message to the user is read (the server had them read already, e.g. in another tab). */
export function withAllReadBy(userId: string): MessagesChange {
  return (list) => list.map((m) => (m.receiverId === userId && !m.isRead ? { ...m, isRead: true } : m));
}

/** Whether the user has messages in this conversation they have not read. */
export function hasUnreadFor(messages: readonly ChatMessage[], userId: string): boolean {
  return messages.some((m) => m.receiverId === userId && !m.isRead);
}

/**
 * Page 1 of a history, merged into what the cache holds: messages the stream brought, earlier pages and local
 * messages stay (a reload after a reconnect or a first message loses none of them).
 */
export async function fetchChatHistory(
  client: ApiClient,
  queryClient: QueryClient,
  chatUserId: string,
): Promise<ChatHistory> {
  const page: ApiMessagesPage = await fetchHistory(client, chatUserId);
  const held = queryClient.getQueryData<ChatHistory>(messagingKeys.history(chatUserId));
  return {
    messages: withServerMessages(page.messages)(held?.messages ?? []),
    total: page.total,
    conversation: page.conversation,
  };
}

/** Changes the messages of one chat's history (the chat with `chatUserId`), if it is loaded. */
export function changeHistory(queryClient: QueryClient, chatUserId: string, change: MessagesChange): void {
  queryClient.setQueryData<ChatHistory>(messagingKeys.history(chatUserId), (held) =>
    held ? { ...held, messages: change(held.messages) } : held,
  );
}

/** Every loaded history, by its chat's key: a chat may be opened by a user, dealer or car id. */
function histories(queryClient: QueryClient) {
  return queryClient.getQueriesData<ChatHistory>({ queryKey: messagingKeys.histories });
}

/** A read receipt from the stream: the conversation's histories show those messages read. */
export function applyReadReceipt(
  queryClient: QueryClient,
  receipt: { conversationId: string; messageIds: string[] },
): void {
  for (const [key, held] of histories(queryClient)) {
    if (held?.conversation?.id !== receipt.conversationId) continue;
    queryClient.setQueryData<ChatHistory>(key, {
      ...held,
      messages: withRead(receipt.messageIds)(held.messages),
    });
  }
}

/**
 * A message from the stream: the histories of its conversation take it, reconciled by its client id (on the
 * sender's own streams). A history without a conversation yet (the placeholder) holds its local copy, or reloads:
 * the server says whether this message started it.
 */
export function applyStreamMessage(
  queryClient: QueryClient,
  event: { message: ApiMessage; clientId: string | null },
): void {
  const change = reconciled(event.message, event.clientId);
  for (const [key, held] of histories(queryClient)) {
    if (!held) continue;
    const ownLocal = event.clientId !== null && held.messages.some((m) => m.local && m.id === event.clientId);
    if (held.conversation?.id === event.message.conversationId || ownLocal) {
      queryClient.setQueryData<ChatHistory>(key, { ...held, messages: change(held.messages) });
    } else if (!held.conversation) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}
