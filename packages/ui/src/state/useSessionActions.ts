import { useCallback } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { accountTab, viewAfterLogin } from './flow.ts';
import { forgetIntent, resumeAfterSignIn } from './intent.ts';
import { useNavigation } from './navigation.ts';
import { signOut, useSession, whenSessionRead, type SessionUser } from './session.ts';

/** Sign-in, sign-out and account actions: the header, the bottom bar and the views that offer them share these. */
export function useSessionActions() {
  const api = useApi();
  const host = useHost();
  const navigate = useNavigation((s) => s.navigate);
  const showLogin = useNavigation((s) => s.showLogin);
  const hideLogin = useNavigation((s) => s.hideLogin);
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const tab = accountTab(status, user);

  // A tap made before the stored session is read waits for it: a signed-in buyer is not sent to sign in.
  const openAccount = useCallback(() => {
    whenSessionRead(() => {
      const { status: read, user: reader } = useSession.getState();
      const { target } = accountTab(read, reader);
      if (target === 'login') showLogin();
      else navigate(target);
    });
  }, [navigate, showLogin]);

  /**
   * Leaving the login screen. Signed in for an action (a like, a message, a test drive), the visitor is put back
   * on that car and the action goes on; otherwise, and on Back, a dealer goes to dealer, anyone else to browse.
   */
  const closeLogin = useCallback(
    (signedIn?: SessionUser | null) => {
      hideLogin();
      if (signedIn && resumeAfterSignIn()) return;
      forgetIntent();
      navigate(viewAfterLogin(signedIn ?? useSession.getState().user));
    },
    [hideLogin, navigate],
  );

  const logout = useCallback(() => signOut(api.client, host), [api.client, host]);

  return { tab, openAccount, closeLogin, logout, navigate, showLogin, status, user };
}
