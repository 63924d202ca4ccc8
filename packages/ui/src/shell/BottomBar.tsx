import type { ReactNode } from 'react';
import { cx } from '../kit/cx.ts';
import { CarIcon, DashboardIcon, PlayIcon, SparklesIcon, TagIcon, UserIcon } from '../kit/icons.tsx';
import { MessagesTabIcon } from '../messaging/MessagesTabIcon.tsx';
import { useNavigation, type View } from '../state/navigation.ts';
import { NotificationCount } from '../notifications/NotificationBell.tsx';
import { useNotificationsUnread } from '../notifications/queries.ts';
import { NavLink } from './NavLink.tsx';
import { useSessionActions } from '../state/useSessionActions.ts';
import styles from './Shell.module.css';

interface TabSpec {
  key: string;
  label: string;
  icon: ReactNode;
  view: View;
  activeFor: readonly View[];
  onActivate: () => void;
}

/** The mobile bottom bar: six tabs (SPEC 2 'Navigation bars'); hidden from 1024 px where the header takes over. */
export function BottomBar() {
  const view = useNavigation((s) => s.view);
  const { tab, openAccount, navigate } = useSessionActions();
  const unreadNotifications = useNotificationsUnread();
  const tabs: TabSpec[] = [
    {
      key: 'discover',
      label: 'Discover',
      icon: <SparklesIcon size={22} />,
      view: 'discover',
      activeFor: ['discover'],
      onActivate: () => navigate('discover'),
    },
    {
      key: 'browse',
      label: 'Top Cars',
      icon: <CarIcon size={22} />,
      view: 'browse',
      activeFor: ['browse', 'detail'],
      onActivate: () => navigate('browse'),
    },
    {
      key: 'tiktok',
      label: 'Browse',
      icon: <PlayIcon size={22} />,
      view: 'tiktok',
      activeFor: ['tiktok'],
      onActivate: () => navigate('tiktok'),
    },
    {
      key: 'messages',
      label: 'Messages',
      icon: <MessagesTabIcon />,
      view: 'messages',
      activeFor: ['messages', 'chat'],
      onActivate: () => navigate('messages'),
    },
    {
      key: 'sell',
      label: 'Sell',
      icon: <TagIcon size={22} />,
      view: 'become-seller',
      activeFor: ['become-seller'],
      onActivate: () => navigate('become-seller'),
    },
    {
      key: 'account',
      label: tab.label,
      // The Account tab carries the notifications' unread count; its list is under Account, Alerts.
      icon: (
        <>
          {tab.target === 'dealer' ? <DashboardIcon size={22} /> : <UserIcon size={22} />}
          <NotificationCount count={unreadNotifications} />
        </>
      ),
      view: tab.target === 'dealer' ? 'dealer' : 'account',
      activeFor: ['account', 'dealer'],
      onActivate: openAccount,
    },
  ];
  return (
    <nav className={cx(styles.bottomBar, view === 'tiktok' && styles.bottomBarDark)} aria-label="Main">
      {tabs.map((t) => (
        <NavLink
          key={t.key}
          view={t.view}
          className={styles.tab}
          active={t.activeFor.includes(view)}
          onActivate={t.onActivate}
        >
          <span className={styles.tabIcon} aria-hidden="true">
            {t.icon}
          </span>
          <span>{t.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
