import { searchConversations } from '@autoreel/core';
import { useMemo, useState } from 'react';
import { Button, IconButton } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { ChatIcon, ChevronLeftIcon, SearchIcon } from '../../kit/icons.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { SignInPrompt } from '../../messaging/SignInPrompt.tsx';
import { UnreadBadge } from '../../messaging/UnreadBadge.tsx';
import { useNow } from '../../messaging/useNow.ts';
import { useUnreadTotal } from '../../messaging/useUnreadTotal.ts';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { useBackTo } from '../../state/useBackTo.ts';
import { ChatView } from './chat/ChatView.tsx';
import { useMediaQuery } from '../../kit/useMediaQuery.ts';
import { ConversationRow } from './ConversationRow.tsx';
import { useConversations } from '../../messaging/useConversations.ts';
import styles from './Messages.module.css';

/** From this width on, the list and the open conversation sit side by side. */
export const TWO_PANES_QUERY = '(min-width: 1024px)';

function ConversationList({ query }: { query: string }) {
  const openChat = useNavigation((s) => s.openChat);
  const openWith = useNavigation((s) => (s.view === 'chat' ? s.chatUserId : null));
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
            open={conversation.participantId === openWith}
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

/**
 * messages and chat: on a phone the conversation list (SPEC 2 'Messages screen') or one open conversation; from
 * 1024 px both at once, the list beside the open conversation.
 */
export function MessagesView() {
  const wide = useMediaQuery(TWO_PANES_QUERY);
  const view = useNavigation((s) => s.view);
  const signedIn = useSession((s) => s.status === 'authenticated');
  if (!wide) return view === 'chat' ? <ChatView /> : <MessagesList />;
  if (!signedIn) return <MessagesList />;
  return (
    <div className={cx(styles.page, styles.panesPage)}>
      <div className={styles.panes}>
        <MessagesList pane />
        <section className={styles.chatPane} aria-label="Conversation">
          {view === 'chat' ? (
            <ChatView />
          ) : (
            <EmptyState
              icon={<ChatIcon size={28} />}
              title="Select a conversation"
              description="Choose a conversation from the list to read and reply here."
              headingLevel={2}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** The list with its unread total and search; alone on a page, or as the left pane. */
function MessagesList({ pane = false }: { pane?: boolean }) {
  const back = useBackTo('messages');
  const signedIn = useSession((s) => s.status === 'authenticated');
  const unread = useUnreadTotal();
  const [query, setQuery] = useState('');
  const list = (
    <div className={cx(styles.inner, pane && styles.listPane)}>
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
  );
  return pane ? list : <div className={styles.page}>{list}</div>;
}
