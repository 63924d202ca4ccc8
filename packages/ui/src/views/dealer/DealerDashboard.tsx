import { useEffect } from 'react';
import { useApi } from '../../platform/ApiProvider.tsx';
import { Button } from '../../kit/Button.tsx';
import { ChevronLeftIcon, LogOutIcon } from '../../kit/icons.tsx';
import { Splash } from '../../kit/Spinner.tsx';
import { Tabs, type TabItem } from '../../kit/Tabs.tsx';
import { DESKTOP_HEADER_QUERY, useMediaQuery } from '../../kit/useMediaQuery.ts';
import { useHost } from '../../platform/HostContext.tsx';
import { APP_EVENTS } from '../../state/events.ts';
import { DEALER_TABS, useNavigation, type DealerTab } from '../../state/navigation.ts';
import { isDealer, signOut, useSession } from '../../state/session.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { useDealerProfile } from '../../dealers/dealer-api.ts';
import styles from './Dashboard.module.css';
import { InventoryTab } from './inventory/InventoryTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { SettingsTab } from './settings/SettingsTab.tsx';
import { AddCarWizard } from '../../listing/AddCarWizard.tsx';

export const DEALER_TAB_LABELS: Readonly<Record<DealerTab, string>> = {
  overview: 'Overview',
  inventory: 'Inventory',
  add: 'Add Car',
  settings: 'Settings',
};

export interface DealerDashboardProps {
  /** 'Back to Main'; the storefront's browse view unless the host says otherwise. */
  onBackToMain?: () => void;
}

/**
 * The dealer-navigate window event switches the tab (SPEC 2). The app shell binds it too; binding it here as well
 * keeps the event working when a host renders the dashboard on its own.
 */
function useDealerNavigateEvent() {
  const setDealerTab = useNavigation((s) => s.setDealerTab);
  useEffect(() => {
    const onNavigate = (event: Event) => {
      const tab: unknown = (event as CustomEvent<{ tab?: unknown } | null>).detail?.tab;
      if ((DEALER_TABS as readonly unknown[]).includes(tab)) setDealerTab(tab as DealerTab);
    };
    window.addEventListener(APP_EVENTS.dealerNavigate, onNavigate);
    return () => window.removeEventListener(APP_EVENTS.dealerNavigate, onNavigate);
  }, [setDealerTab]);
}

/**
 * SPEC 2 'Dealer dashboard': overview, inventory, add and settings tabs, Back to Main, and sign-out to the root (the
 * dashboard's own Sign Out where no header is drawn; the header's user menu's on a wide screen).
 */
export function DealerDashboard({ onBackToMain }: DealerDashboardProps) {
  const api = useApi();
  const host = useHost();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const tab = useNavigation((s) => s.dealerTab);
  const setTab = useNavigation((s) => s.setDealerTab);
  const navigate = useNavigation((s) => s.navigate);
  const hideLogin = useNavigation((s) => s.hideLogin);
  useDealerNavigateEvent();
  // The dealership's name tops the dashboard once loaded; the account's name until then.
  const profile = useDealerProfile();
  // Sign Out is offered once: on a wide screen the header's user menu holds it, so the dashboard draws its own only
  // where there is no header (a phone or tablet, under the bottom bar).
  const headerShown = useMediaQuery(DESKTOP_HEADER_QUERY);

  const backToMain = onBackToMain ?? (() => navigate('browse'));

  if (status === 'loading') return <Splash />;
  if (!isDealer(user)) {
    return (
      <div className={styles.page}>
        <AccessDenied onBack={backToMain} />
      </div>
    );
  }

  const logout = async () => {
    await signOut(api.client, host);
    // SPEC 2: the dashboard's logout goes to the root path (the feed), not to a sign-in prompt.
    navigate('tiktok');
    hideLogin();
  };

  const content: Record<DealerTab, React.ReactNode> = {
    overview: <OverviewTab onOpenTab={setTab} />,
    inventory: <InventoryTab onAddCar={() => setTab('add')} />,
    add: <AddCarWizard onDone={() => setTab('inventory')} onManageCars={() => setTab('inventory')} />,
    settings: <SettingsTab />,
  };
  const items: TabItem<DealerTab>[] = DEALER_TABS.map((value) => ({
    value,
    label: DEALER_TAB_LABELS[value],
    content: content[value],
  }));

  return (
    <div className={styles.page}>
      <div className={styles.inner}>
        <div className={styles.header}>
          <Button variant="ghost" size="sm" icon={<ChevronLeftIcon size={16} />} onClick={backToMain}>
            Back to Main
          </Button>
          <div className={styles.heading}>
            <p className={styles.eyebrow} data-testid="dealership-name">
              {profile.data?.name ?? user?.name}
            </p>
            <h1 className={styles.title}>Dashboard</h1>
          </div>
          {headerShown ? null : (
            <Button variant="secondary" icon={<LogOutIcon size={16} />} onClick={() => void logout()}>
              Sign Out
            </Button>
          )}
        </div>
        <Tabs label="Dealer dashboard" items={items} value={tab} onValueChange={setTab} />
      </div>
    </div>
  );
}
