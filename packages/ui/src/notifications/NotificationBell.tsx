import { useState } from 'react';
import { Sheet } from '../kit/Sheet.tsx';
import { BellIcon } from '../kit/icons.tsx';
import { NotificationList } from './NotificationList.tsx';
import { useNotificationsUnread } from './queries.ts';
import styles from './Notifications.module.css';

/** The unread count as the bell's badge: nothing at 0, '99+' above 99. */
export function NotificationCount({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className={styles.count} data-testid="notification-count">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's bell: the live unread count, and the list in a sheet. */
export function NotificationBell() {
  const unread = useNotificationsUnread();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.bell}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen(true)}
      >
        <BellIcon size={22} />
        <NotificationCount count={unread} />
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Notifications">
        <NotificationList onOpened={() => setOpen(false)} />
      </Sheet>
    </>
  );
}
