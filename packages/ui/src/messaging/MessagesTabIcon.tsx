import { ChatIcon } from '../kit/icons.tsx';
import styles from './Messaging.module.css';
import { UnreadBadge } from './UnreadBadge.tsx';
import { useUnreadTotal } from './useUnreadTotal.ts';

/** The Messages tab's icon with the unread total on its corner (99+ cap). */
export function MessagesTabIcon({ size = 22 }: { size?: number }) {
  const unread = useUnreadTotal();
  return (
    <span className={styles.tabIcon}>
      <ChatIcon size={size} />
      <UnreadBadge count={unread} className={styles.tabBadge} />
    </span>
  );
}
