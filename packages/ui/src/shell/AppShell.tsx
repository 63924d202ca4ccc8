import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useApi } from '../api/ApiProvider.tsx';
import { Splash } from '../components/Spinner.tsx';
import { useHost } from '../HostContext.tsx';
import { useMessageStream } from '../messaging/useMessageStream.ts';
import { bindWindowEvents } from '../state/events.ts';
import { dealerViewNeedsLogin } from '../state/flow.ts';
import { useNavigation, type View } from '../state/navigation.ts';
import { isDealer, refreshUser, startSession, useSession } from '../state/session.ts';
import { bindHistory } from '../state/url.ts';
import { TiktokView } from '../views/feed/TiktokView.tsx';
import { BottomBar } from './BottomBar.tsx';
import { Header } from './Header.tsx';
import { useShellActions } from '../state/useShellActions.ts';
import styles from './Shell.module.css';

// The auth screen is only needed once someone signs in; loading it on demand keeps the first screen light.
const AuthScreen = lazy(() => import('../auth/AuthScreen.tsx').then((m) => ({ default: m.AuthScreen })));
/**
 * Every view but the feed (the default, first screen) loads on first visit, so the initial bundle holds only the
 * shell and the feed.
 */
function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
const BrowseView = lazyView(() => import('../views/browse/BrowseView.tsx'), 'BrowseView');
const DiscoverView = lazyView(() => import('../views/discover/DiscoverView.tsx'), 'DiscoverView');
const DetailView = lazyView(() => import('../views/detail/DetailView.tsx'), 'DetailView');
const DealerView = lazyView(() => import('../views/dealer/DealerView.tsx'), 'DealerView');
const BecomeSellerView = lazyView(() => import('../views/seller/BecomeSellerView.tsx'), 'BecomeSellerView');
const AccountView = lazyView(() => import('../views/account/AccountView.tsx'), 'AccountView');
// One view for the list and a conversation: from 1024 px they are two panes of one page (docs/messaging.md).
const MessagesView = lazyView(() => import('../views/messages/MessagesView.tsx'), 'MessagesView');
const AdminView = lazyView(() => import('../views/admin/AdminView.tsx'), 'AdminView');

export const VIEW_COMPONENTS: Record<View, ComponentType> = {
  browse: BrowseView,
  discover: DiscoverView,
  tiktok: TiktokView,
  detail: DetailView,
  dealer: DealerView,
  'become-seller': BecomeSellerView,
  account: AccountView,
  messages: MessagesView,
  chat: MessagesView,
  admin: AdminView,
};

/** Binds the URL and the window events, and starts the session, once per mount. */
function useShellWiring() {
  const api = useApi();
  const host = useHost();
  const started = useRef(false);
  useEffect(() => {
    const unbindHistory = bindHistory(window);
    const unbindEvents = bindWindowEvents(window);
    return () => {
      unbindHistory();
      unbindEvents();
    };
  }, []);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void startSession(api.client, host);
  }, [api.client, host]);
}

/** The application frame: header, current view, bottom bar, login overlay and the 'Loading...' splash. */
export function AppShell() {
  useShellWiring();
  useMessageStream();
  const api = useApi();
  const host = useHost();
  const view = useNavigation((s) => s.view);
  const loginOpen = useNavigation((s) => s.loginOpen);
  const showLogin = useNavigation((s) => s.showLogin);
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { closeLogin } = useShellActions();

  const needsLogin = dealerViewNeedsLogin(view, status, user);
  useEffect(() => {
    if (needsLogin) showLogin();
  }, [needsLogin, showLogin]);

  // SPEC 4: a signed-in non-dealer opening become-seller refreshes the user (an application may have been approved).
  const refreshOnSell = view === 'become-seller' && status === 'authenticated' && !isDealer(user);
  useEffect(() => {
    if (refreshOnSell) refreshUser(api.client, host).catch(() => undefined);
  }, [refreshOnSell, api.client, host]);

  if (status === 'loading') return <Splash />;

  const Current = VIEW_COMPONENTS[needsLogin ? 'browse' : view];
  return (
    <div className={styles.app} data-view={view}>
      <Header />
      <main className={styles.main} id="main">
        <Suspense fallback={<Splash />}>
          <Current />
        </Suspense>
      </main>
      <BottomBar />
      {loginOpen ? (
        <Suspense fallback={<Splash />}>
          <AuthScreen onClose={closeLogin} />
        </Suspense>
      ) : null}
    </div>
  );
}
