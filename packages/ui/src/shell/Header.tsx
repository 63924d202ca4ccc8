import { lazy, Suspense } from 'react';
import { Button } from '../kit/Button.tsx';
import { cx } from '../kit/cx.ts';
import { SearchIcon } from '../kit/icons.tsx';
import { UnreadBadge } from '../messaging/UnreadBadge.tsx';
import { useUnreadTotal } from '../messaging/useUnreadTotal.ts';
import { useNavigation } from '../state/navigation.ts';
import { LogoMark } from '../kit/Logo.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { NavLink } from './NavLink.tsx';
import { useSessionActions } from '../state/useSessionActions.ts';
import { UserMenuButton } from './UserMenuButton.tsx';
import styles from './Shell.module.css';

const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

/** The desktop header (SPEC 2 'Navigation bars'); hidden below 1024 px where the bottom bar takes over. */
export function Header() {
  const view = useNavigation((s) => s.view);
  const { tab, openAccount, navigate, showLogin, status, user, logout } = useSessionActions();
  const unread = useUnreadTotal();
  const dark = view === 'tiktok';
  const accountActive = view === 'account' || view === 'dealer';
  const signOut = () => {
    void logout().then(() => navigate('browse'));
  };
  return (
    <header className={cx(styles.header, dark && styles.headerDark)}>
      <NavLink
        view="browse"
        className={styles.logo}
        onActivate={() => navigate('browse')}
        label="AutoReel home"
      >
        <LogoMark />
      </NavLink>
      <nav className={styles.nav} aria-label="Main">
        <NavLink
          view="browse"
          className={styles.navLink}
          active={view === 'browse'}
          onActivate={() => navigate('browse')}
        >
          Browse Cars
        </NavLink>
        <NavLink
          view="discover"
          className={styles.navLink}
          active={view === 'discover'}
          onActivate={() => navigate('discover')}
        >
          AI Discovery
        </NavLink>
        <NavLink
          view="become-seller"
          className={styles.navLink}
          active={view === 'become-seller'}
          onActivate={() => navigate('become-seller')}
        >
          Sell Your Car
        </NavLink>
        {/* The unread total follows the live message stream, as the bottom bar's Messages tab does. */}
        <NavLink
          view="messages"
          className={cx(styles.navLink, styles.navLinkBadged)}
          active={view === 'messages' || view === 'chat'}
          onActivate={() => navigate('messages')}
        >
          Messages
          <UnreadBadge count={unread} />
        </NavLink>
        <NavLink
          view={tab.target === 'dealer' ? 'dealer' : 'account'}
          className={styles.navLink}
          active={accountActive}
          onActivate={openAccount}
        >
          {tab.label}
        </NavLink>
      </nav>
      <div className={styles.spacer} />
      <button type="button" className={styles.searchButton} onClick={() => navigate('discover')}>
        <SearchIcon size={18} />
        <span>Search</span>
      </button>
      {status === 'authenticated' && user ? <NotificationBell /> : null}
      {status === 'authenticated' && user ? (
        <Suspense fallback={<UserMenuButton user={user} aria-disabled="true" />}>
          <UserMenu user={user} onSignOut={signOut} />
        </Suspense>
      ) : (
        <Button size="sm" onClick={showLogin}>
          Sign In
        </Button>
      )}
    </header>
  );
}
