import { Button, cx } from '../components/Button.tsx';
import {
  ChevronDownIcon,
  DashboardIcon,
  HeartIcon,
  LogOutIcon,
  SearchIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
} from '../components/icons.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../components/Menu.tsx';
import { useNavigation } from '../state/navigation.ts';
import { isAdmin, isDealer, roleLabel, type SessionUser } from '../state/session.ts';
import { LogoMark } from './Logo.tsx';
import { NavLink } from './NavLink.tsx';
import { useShellActions } from './useShellActions.ts';
import styles from './Shell.module.css';

function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const navigate = useNavigation((s) => s.navigate);
  const dealer = isDealer(user);
  return (
    <Menu
      trigger={
        <button type="button" className={styles.userButton} aria-label={`Account menu for ${user.name}`}>
          <span className={styles.avatar} aria-hidden="true">
            {initialOf(user.name)}
          </span>
          <span>{user.name.split(' ')[0]}</span>
          <ChevronDownIcon size={16} />
        </button>
      }
    >
      <MenuLabel>
        <div className={styles.menuUser}>
          <span className={styles.menuName}>
            {user.name}
            {isAdmin(user) ? <span className={styles.badge}>Admin</span> : null}
          </span>
          <span className={styles.menuPhone}>{user.phone}</span>
          <span className={styles.roleLabel}>{roleLabel(user)}</span>
        </div>
      </MenuLabel>
      <MenuSeparator />
      {dealer ? (
        <MenuItem icon={<DashboardIcon size={18} />} onSelect={() => navigate('dealer')}>
          Dealer Dashboard
        </MenuItem>
      ) : (
        <MenuItem icon={<UserIcon size={18} />} onSelect={() => navigate('account')}>
          My Account
        </MenuItem>
      )}
      {isAdmin(user) ? (
        <MenuItem icon={<ShieldIcon size={18} />} onSelect={() => navigate('admin')}>
          Dealer Applications
        </MenuItem>
      ) : null}
      {/* SPEC 2: Liked Cars and Account Settings are listed with no action shown. */}
      <MenuItem icon={<HeartIcon size={18} />}>Liked Cars</MenuItem>
      <MenuItem icon={<SettingsIcon size={18} />}>Account Settings</MenuItem>
      <MenuSeparator />
      <MenuItem icon={<LogOutIcon size={18} />} tone="danger" onSelect={onSignOut}>
        Sign Out
      </MenuItem>
    </Menu>
  );
}

/** The desktop header (SPEC 2 'Navigation bars'); hidden below 1024 px where the bottom bar takes over. */
export function Header() {
  const view = useNavigation((s) => s.view);
  const { tab, openAccount, navigate, showLogin, status, user, logout } = useShellActions();
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
      {status === 'authenticated' && user ? (
        <UserMenu user={user} onSignOut={signOut} />
      ) : (
        <Button size="sm" onClick={showLogin}>
          Sign In
        </Button>
      )}
    </header>
  );
}
