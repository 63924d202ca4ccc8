import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ChevronDownIcon } from '../kit/icons.tsx';
import type { SessionUser } from '../state/session.ts';
import styles from './Shell.module.css';

function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

type UserMenuButtonProps = { user: SessionUser } & ComponentPropsWithoutRef<'button'>;

/**
 * The header's account button. It is drawn at once, and the menu behind it (with its popup positioning) loads
 * only for signed-in visitors, keeping it out of a newcomer's first download.
 */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton(
  { user, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      className={styles.userButton}
      aria-label={`Account menu for ${user.name}`}
      {...props}
    >
      <span className={styles.avatar} aria-hidden="true">
        {initialOf(user.name)}
      </span>
      {/* The whole name: a first word alone can be anyone's ('AutoReel' of 'AutoReel Admin' reads as the brand). */}
      <span className={styles.userName}>{user.name}</span>
      <ChevronDownIcon size={16} />
    </button>
  );
});
