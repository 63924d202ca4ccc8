import { unreadBadge } from '@autoreel/core';
import { cx } from '../kit/cx.ts';
import styles from './Messaging.module.css';

/** The unread count as a pill: nothing at 0, '99+' above 99 (SPEC 9). */
export function UnreadBadge({ count, className }: { count: number | null | undefined; className?: string }) {
  const text = unreadBadge(count);
  if (text === null) return null;
  return (
    <span className={cx(styles.badge, className)} aria-label={`${text} unread`}>
      {text}
    </span>
  );
}
