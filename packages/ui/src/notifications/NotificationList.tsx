import { relativeTime, type NotificationAnswer } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { cx } from '../kit/cx.ts';
import { EmptyState } from '../kit/States.tsx';
import { BellIcon } from '../kit/icons.tsx';
import { useNavigation } from '../state/navigation.ts';
import { useMarkRead, useNotifications } from './queries.ts';
import { locationOfLink } from './useHostNotifications.ts';
import styles from './Notifications.module.css';

/** Opens the place a notification names (its link is an app path: a car, a chat, the dealer page). */
export function useOpenNotification(): (notification: NotificationAnswer) => void {
  const restore = useNavigation((s) => s.restore);
  const markRead = useMarkRead();
  return (notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    restore(locationOfLink(notification.link));
  };
}

/** The user's notifications, newest first, each opening its place; unread ones stand out. */
export function NotificationList({ onOpened }: { onOpened?: () => void }) {
  const query = useNotifications();
  const open = useOpenNotification();
  const markRead = useMarkRead();
  const page = query.data;
  if (!page)
    return <p role="status">{query.isError ? 'Notifications could not be loaded.' : 'Loading...'}</p>;
  return (
    <section aria-label="Notifications">
      <div className={styles.head}>
        <h2>Notifications</h2>
        {page.unreadCount > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => markRead.mutate('all')}>
            Mark all read
          </Button>
        ) : null}
      </div>
      {page.notifications.length === 0 ? (
        <EmptyState
          icon={<BellIcon size={28} />}
          title="Nothing yet"
          description="New messages, replies, saved-search matches and price drops show here."
          headingLevel={3}
        />
      ) : (
        <ul className={styles.list}>
          {page.notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                className={cx(styles.item, !notification.readAt && styles.unread)}
                onClick={() => {
                  open(notification);
                  onOpened?.();
                }}
              >
                <span className={styles.title}>
                  {notification.readAt ? null : <span className="ar-visually-hidden">Unread: </span>}
                  {notification.title}
                </span>
                <span className={styles.body}>{notification.body}</span>
                <span className={styles.meta}>{relativeTime(notification.createdAt, new Date())}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
