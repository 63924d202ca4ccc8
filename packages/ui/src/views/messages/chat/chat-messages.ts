import { deliveredStatus } from '@autoreel/core';
import type { ApiMessage, ChatMessage, LocalAttachment, ReadReceipt } from '../../../messaging/types.ts';

/**
 * The open conversation's messages: the server's page 1, messages the stream brings, and local ones on their way.
 * Pure, so the rules of SPEC 4 'Messaging' (Sending..., delivered or read on success, failed on error) are in
 * one place.
 */
export type ChatAction =
  | { type: 'loaded'; messages: ApiMessage[] }
  | { type: 'received'; message: ApiMessage }
  | {
      type: 'sending';
      id: string;
      senderId: string;
      receiverId: string;
      text: string;
      files: LocalAttachment[];
    }
  | { type: 'progress'; id: string; fraction: number }
  | { type: 'sent'; id: string; message: ApiMessage }
  | { type: 'failed'; id: string }
  | { type: 'withdrawn'; id: string }
  | { type: 'read'; receipt: Pick<ReadReceipt, 'messageIds'> }
  | { type: 'readByMe'; userId: string };

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

/** Adds or updates one server message; a read message never goes back to unread (answers may arrive late). */
function upsert(list: ChatMessage[], message: ApiMessage): ChatMessage[] {
  const next = fromServer(message);
  const index = list.findIndex((m) => m.id === next.id);
  if (index < 0) return [...list, next].sort(byTime);
  const current = list[index]!;
  const isRead = current.isRead || next.isRead;
  const merged = { ...next, isRead, status: deliveredStatus(isRead) };
  return list.map((m, i) => (i === index ? merged : m));
}

export function chatReducer(state: ChatMessage[], action: ChatAction): ChatMessage[] {
  switch (action.type) {
    case 'loaded': {
      // Local messages still on their way (or failed) stay below what the server has.
      const local = state.filter((m) => m.local);
      return [
        ...action.messages.reduce(
          upsert,
          state.filter((m) => !m.local),
        ),
        ...local,
      ];
    }
    case 'received': {
      // The stream can bring my own text before its send has answered: it takes the place of the local copy, so the
      // message never shows twice ('Sending...' beside 'Delivered').
      const message = action.message;
      const twin = state.find(
        (m) =>
          m.local &&
          m.status === 'sending' &&
          m.local.attachments.length === 0 &&
          m.senderId === message.senderId &&
          m.receiverId === message.receiverId &&
          m.message === message.message,
      );
      return upsert(twin ? state.filter((m) => m !== twin) : state, message);
    }
    case 'sending':
      return [
        ...state,
        {
          id: action.id,
          senderId: action.senderId,
          receiverId: action.receiverId,
          message: action.text,
          createdAt: new Date().toISOString(),
          isRead: false,
          status: 'sending',
          attachmentUrls: [],
          attachmentKeys: [],
          local: { attachments: action.files, uploadProgress: action.files.length > 0 ? 0 : null },
        },
      ];
    case 'progress':
      return state.map((m) =>
        m.id === action.id && m.local ? { ...m, local: { ...m.local, uploadProgress: action.fraction } } : m,
      );
    case 'sent': {
      // The stream may have delivered the same message before the send answered: keep one copy, in place.
      // Its local copy already gave way to the stream's: the server's message is kept as it is.
      if (!state.some((m) => m.id === action.id)) return upsert(state, action.message);
      const sent = fromServer(action.message);
      const known = state.find((m) => m.id === sent.id);
      const isRead = sent.isRead || (known?.isRead ?? false);
      return state
        .filter((m) => m.id !== sent.id)
        .map((m) => (m.id === action.id ? { ...sent, isRead, status: deliveredStatus(isRead) } : m));
    }
    case 'failed':
      return state.map((m) => (m.id === action.id ? { ...m, status: 'failed' } : m));
    case 'withdrawn':
      return state.filter((m) => m.id !== action.id);
    case 'read': {
      const ids = new Set(action.receipt.messageIds);
      return state.map((m) => (ids.has(m.id) ? { ...m, isRead: true, status: 'read' } : m));
    }
    case 'readByMe':
      return state.map((m) => (m.receiverId === action.userId && !m.isRead ? { ...m, isRead: true } : m));
  }
}

/** Whether the user has messages in this conversation they have not read. */
export function hasUnreadFor(messages: readonly ChatMessage[], userId: string): boolean {
  return messages.some((m) => m.receiverId === userId && !m.isRead);
}
