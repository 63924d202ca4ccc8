import { DashboardIcon, HeartIcon, LogOutIcon, SettingsIcon, ShieldIcon, UserIcon } from '../kit/icons.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../kit/Menu.tsx';
import { useNavigation } from '../state/navigation.ts';
import { isAdmin, isDealer, roleLabel, type SessionUser } from '../state/session.ts';
import { UserMenuButton } from './UserMenuButton.tsx';
import styles from './Shell.module.css';

/** The signed-in user's menu (SPEC 2 'Navigation bars'). */
export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const navigate = useNavigation((s) => s.navigate);
  const openAccountTab = useNavigation((s) => s.openAccountTab);
  const dealer = isDealer(user);
  return (
    <Menu trigger={<UserMenuButton user={user} />}>
      <MenuLabel>
        <div className={styles.menuUser}>
          <span className={styles.menuName}>{user.name}</span>
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
      {/* SPEC 2 lists them with no action; they open the account's Favorites and Settings tabs. */}
      <MenuItem icon={<HeartIcon size={18} />} onSelect={() => openAccountTab('favorites')}>
        Liked Cars
      </MenuItem>
      <MenuItem icon={<SettingsIcon size={18} />} onSelect={() => openAccountTab('settings')}>
        Account Settings
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={<LogOutIcon size={18} />} tone="danger" onSelect={onSignOut}>
        Sign Out
      </MenuItem>
    </Menu>
  );
}
