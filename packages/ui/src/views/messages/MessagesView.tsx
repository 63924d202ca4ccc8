import { searchConversations } from '@autoreel/core';
import { useMemo, useState } from 'react';
import { Button, IconButton } from '../../components/Button.tsx';
import { ChatIcon, ChevronLeftIcon, SearchIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { EmptyState, ErrorState } from '../../components/States.tsx';
import { SignInPrompt } from '../../messaging/SignInPrompt.tsx';
import { UnreadBadge } from '../../messaging/UnreadBadge.tsx';
import { useNow } from '../../messaging/useNow.ts';
import { useUnreadTotal } from '../../messaging/useUnreadTotal.ts';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { useBackTo } from '../useBackTo.ts';
import { ConversationRow } from './ConversationRow.tsx';
import { useConversations } from './useConversations.ts';
import styles from './Messages.module.css';

function ConversationList({ query }: { query: string }) {
  const openChat = useNavigation((s) => s.openChat);
  const list = useConversations();
  const now = useNow();
  const conversations = useMemo(
    () => list.data?.pages.flatMap((page) => page.conversations) ?? [],
    [list.data],
  );
  const shown = useMemo(() => searchConversations(conversations, query), [conversations, query]);

  if (list.isPending) {
    return (
      <div className={styles.loading} role="status">
        <Spinner /> Loading conversations...
      </div>
    );
  }
  if (list.isError && conversations.length === 0) {
    return (
      <ErrorState
        title="Could not load your conversations"
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (conversations.length === 0) {
    return (
      <EmptyState
        icon={<ChatIcon size={28} />}
        title="No conversations yet"
        description="Start a conversation by contacting a dealer about a car"
      />
    );
  }
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="No matching conversations"
        description="Try adjusting your search terms"
      />
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Conversations">
        {shown.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            now={now}
            onOpen={() => openChat(conversation.participantId, conversation.car?.id ?? null)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          fullWidth
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more conversations
        </Button>
      ) : null}
    </>
  );
}

/** messages: the conversation list with its unread total and search (SPEC 2 'Messages screen'). */
export function MessagesView() {
  const back = useBackTo('messages');
  const signedIn = useSession((s) => s.status === 'authenticated');
  const unread = useUnreadTotal();
  const [query, setQuery] = useState('');
  return (
    <div className={styles.page}>
      <div className={styles.inner}>
        <header className={styles.header}>
          <IconButton label="Back to browse" variant="solid" onClick={back}>
            <ChevronLeftIcon />
          </IconButton>
          <h1 className={styles.title}>Messages</h1>
          <UnreadBadge count={unread} />
        </header>
        {signedIn ? (
          <>
            <label className={styles.search}>
              <SearchIcon size={18} />
              <input
                type="search"
                placeholder="Search conversations..."
                aria-label="Search conversations"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            <ConversationList query={query} />
          </>
        ) : (
          <SignInPrompt />
        )}
      </div>
    </div>
  );
}
