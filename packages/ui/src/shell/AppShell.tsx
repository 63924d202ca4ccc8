import { useAccountCountry } from '../accounts/useAccountCountry.ts';
import { useHostNotifications } from '../notifications/useHostNotifications.ts';
import { lazy, Suspense, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { Splash } from '../kit/Spinner.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { useMessageStream } from '../messaging/useMessageStream.ts';
import { bindWindowEvents } from '../state/events.ts';
import { dealerViewNeedsLogin } from '../state/flow.ts';
import { useNavigation, type View } from '../state/navigation.ts';
import { isDealer, refreshUser, startSession, useSession } from '../state/session.ts';
import { bindHistory } from '../state/url.ts';
import { BottomBar } from './BottomBar.tsx';
import { Header } from './Header.tsx';
import { useSessionActions } from '../state/useSessionActions.ts';
import styles from './Shell.module.css';

// The auth screen is only needed once someone signs in; loading it on demand keeps the first screen light.
const AuthScreen = lazy(() => import('../accounts/AuthScreen.tsx').then((m) => ({ default: m.AuthScreen })));

/** What the shell draws for each view; the app's composition root hands it over (view-registry.tsx). */
export type ViewComponents = Readonly<Record<View, ComponentType>>;

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

export interface AppShellProps {
  /** What to draw for each view; the app's composition root hands it over (view-registry.tsx). */
  views: ViewComponents;
  /**
   * The page holds the server's render of this first screen: the shell draws the view while the stored session is
   * still being read, as the server rendered it (no session), instead of a 'Loading...' splash over it. The signed-in
   * parts follow once the session is read.
   */
  firstScreenRendered?: boolean;
}

/** The application frame: header, current view, bottom bar, login overlay and the 'Loading...' splash. */
export function AppShell({ views, firstScreenRendered = false }: AppShellProps) {
  useShellWiring();
  useMessageStream(useHostNotifications());
  useAccountCountry();
  const api = useApi();
  const host = useHost();
  const view = useNavigation((s) => s.view);
  const loginOpen = useNavigation((s) => s.loginOpen);
  const showLogin = useNavigation((s) => s.showLogin);
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { closeLogin } = useSessionActions();

  const needsLogin = dealerViewNeedsLogin(view, status, user);
  useEffect(() => {
    if (needsLogin) showLogin();
  }, [needsLogin, showLogin]);

  // SPEC 4: a signed-in non-dealer opening become-seller refreshes the user (an application may have been approved).
  const refreshOnSell = view === 'become-seller' && status === 'authenticated' && !isDealer(user);
  useEffect(() => {
    if (refreshOnSell) refreshUser(api.client, host).catch(() => undefined);
  }, [refreshOnSell, api.client, host]);

  const Current = views[needsLogin ? 'browse' : view];
  // The same element for as long as the view stays: the shell draws again when the session is read or the login
  // opens, and a new element would make React take over the server's screen of the view all at once, in one long
  // task, instead of in the short slices it hydrates in (Total Blocking Time on a slow phone).
  const screen = useMemo(
    () => (
      <Suspense fallback={<Splash />}>
        <Current />
      </Suspense>
    ),
    [Current],
  );

  if (status === 'loading' && !firstScreenRendered) return <Splash />;

  return (
    <div className={styles.app} data-view={view}>
      <Header />
      <main className={styles.main} id="main">
        {screen}
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
