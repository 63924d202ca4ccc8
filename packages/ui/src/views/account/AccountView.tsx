import { useState } from 'react';
import { Button } from '../../kit/Button.tsx';
import { EmptyState } from '../../kit/States.tsx';
import { Tabs } from '../../kit/Tabs.tsx';
import { UserIcon } from '../../kit/icons.tsx';
import { useSessionActions } from '../../state/useSessionActions.ts';
import { useNavigation, type AccountSection } from '../../state/navigation.ts';
import { useBackTo } from '../../state/useBackTo.ts';
import { ViewPage } from '../../kit/ViewPage.tsx';
import { NotificationList } from '../../notifications/NotificationList.tsx';
import { SavedSearchList } from '../../notifications/SavedSearchList.tsx';
import { FavoritesTab } from './favorites/FavoritesTab.tsx';
import { ProfileTab } from './profile/ProfileTab.tsx';
import { SettingsTab, type SettingsPage } from './settings/SettingsTab.tsx';

/** SPEC 2 'Account': tabs Favorites, Profile and Settings; back goes to browse. */
export function AccountView({ initialTab = 'favorites' }: { initialTab?: AccountSection }) {
  const back = useBackTo('account');
  const { status, user, showLogin, logout, navigate } = useSessionActions();
  const requested = useNavigation((s) => s.accountTab);
  const clearRequested = useNavigation((s) => s.clearAccountTab);
  const [chosenTab, setTab] = useState<AccountSection>(initialTab);
  const [chosenPage, setSettingsPage] = useState<SettingsPage>('menu');
  // The user menu's Liked Cars and Account Settings open their tab (Settings at its menu), even when the view is
  // already open; the visitor's next choice takes over from there.
  const tab = requested ?? chosenTab;
  const settingsPage = requested === 'settings' ? 'menu' : chosenPage;
  const settle = () => {
    if (!requested) return;
    setTab(requested);
    clearRequested();
  };

  const changeTab = (next: AccountSection) => {
    settle();
    setTab(next);
    // Coming back to Settings starts at its menu rather than deep inside a page left earlier.
    if (next === 'settings') setSettingsPage('menu');
  };
  const changePage = (page: SettingsPage) => {
    settle();
    setSettingsPage(page);
  };
  const signOut = () => {
    void logout().then(() => navigate('browse'));
  };

  return (
    <ViewPage
      eyebrow="Account"
      title="My Account"
      purpose="Your liked cars, your profile and phone verification, and settings, help and feedback."
      onBack={back}
      backLabel="Back to browse"
    >
      {status === 'authenticated' && user ? (
        <Tabs<AccountSection>
          label="Account sections"
          value={tab}
          onValueChange={changeTab}
          items={[
            { value: 'favorites', label: 'Favorites', content: <FavoritesTab userId={user.id} /> },
            { value: 'alerts', label: 'Alerts', content: <NotificationList /> },
            { value: 'searches', label: 'Searches', content: <SavedSearchList /> },
            { value: 'profile', label: 'Profile', content: <ProfileTab user={user} /> },
            {
              value: 'settings',
              label: 'Settings',
              content: (
                <SettingsTab user={user} page={settingsPage} onPageChange={changePage} onSignOut={signOut} />
              ),
            },
          ]}
        />
      ) : (
        <EmptyState
          icon={<UserIcon size={28} />}
          title="Sign in to see your account"
          description="Your favorites, profile and settings are kept with your account."
          headingLevel={2}
          actions={<Button onClick={showLogin}>Sign In</Button>}
        />
      )}
    </ViewPage>
  );
}
