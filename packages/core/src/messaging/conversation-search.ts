/** Conversation search (SPEC 5 'Messaging': case-insensitive over name, last message and 'year make model'). */
import { carTitle } from './messages.ts';
import type { ConversationCarLike } from './messages.ts';

type LastMessage = string | { message?: string | null } | null | undefined;

export interface SearchableConversation {
  participant?: { name?: string | null } | null;
  latestMessage?: LastMessage;
  lastMessage?: LastMessage;
  car?: ConversationCarLike | null;
}

function messageText(message: LastMessage): string {
  if (typeof message === 'string') return message;
  return message?.message ?? '';
}

/** The texts a conversation matches on. latestMessage wins over lastMessage because it is the newer field. */
export function conversationSearchText(conversation: SearchableConversation): string[] {
  return [
    conversation.participant?.name ?? '',
    messageText(conversation.latestMessage ?? conversation.lastMessage),
    conversation.car ? carTitle(conversation.car) : '',
  ];
}

/** Conversations whose name, last message or car title contains the query; a blank query keeps all. */
export function searchConversations<C extends SearchableConversation>(
  conversations: readonly C[],
  query: string,
): C[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...conversations];
  return conversations.filter((conversation) =>
    conversationSearchText(conversation).some((text) => text.toLowerCase().includes(needle)),
  );
}
