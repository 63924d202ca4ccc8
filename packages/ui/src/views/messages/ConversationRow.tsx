import { carTitle, relativeTime } from '@autoreel/core';
import { Avatar } from '../../messaging/Avatar.tsx';
import type { ApiConversation } from '../../messaging/types.ts';
import { UnreadBadge } from '../../messaging/UnreadBadge.tsx';
import styles from './Messages.module.css';

/** The last message as one line: its text, or what it carried when it had only files. */
function preview(conversation: ApiConversation): string {
  const last = conversation.latestMessage ?? conversation.lastMessage;
  if (!last) return '';
  if (last.message.trim() !== '') return last.message;
  const files = last.attachments.length;
  return files === 1 ? 'Sent an attachment' : `Sent ${files} attachments`;
}

export function ConversationRow({
  conversation,
  now,
  onOpen,
  open = false,
}: {
  conversation: ApiConversation;
  now: Date;
  onOpen: () => void;
  /** The conversation shown beside the list (two panes). */
  open?: boolean;
}) {
  const { participant, car, unreadCount } = conversation;
  const last = conversation.latestMessage ?? conversation.lastMessage;
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={onOpen}
        aria-label={`Conversation with ${participant.name}`}
        data-unread={unreadCount > 0 || undefined}
        aria-current={open || undefined}
      >
        <Avatar name={participant.name} src={participant.avatar} />
        <span className={styles.rowBody}>
          <span className={styles.rowTop}>
            <span className={styles.name}>{participant.name}</span>
            {participant.role === 'dealer' ? <span className={styles.dealer}>Dealer</span> : null}
            <time className={styles.time} dateTime={last?.createdAt ?? conversation.updatedAt}>
              {relativeTime(last?.createdAt ?? conversation.updatedAt, now)}
            </time>
          </span>
          {car ? <span className={styles.car}>{carTitle(car)}</span> : null}
          <span className={styles.rowBottom}>
            <span className={styles.preview}>{preview(conversation)}</span>
            <UnreadBadge count={unreadCount} />
          </span>
        </span>
      </button>
    </li>
  );
}
