import type { View } from './navigation.ts';
import { isAdmin, isDealer, type SessionStatus, type SessionUser } from './session.ts';

/**
 * SPEC 2 'Flow rules': after login, or back from login, a dealer goes to the dealer view, anyone else to browse;
 * an admin, whose work is the dealer applications, goes to the admin page.
 */
export function viewAfterLogin(user: SessionUser | null): View {
  if (isAdmin(user)) return 'admin';
  return isDealer(user) ? 'dealer' : 'browse';
}

export interface AccountTab {
  label: 'Account' | 'Dashboard';
  /** What a press does: open a view, or show the login screen for a logged-out visitor. */
  target: 'dealer' | 'account' | 'login';
}

/**
 * The last tab of the bottom bar and the header's Account/Dashboard link (SPEC 2 'Navigation bars'): labelled
 * Dashboard and opening dealer for an authenticated dealer, otherwise account; logged out it opens login.
 */
export function accountTab(status: SessionStatus, user: SessionUser | null): AccountTab {
  if (status !== 'authenticated' || !user) return { label: 'Account', target: 'login' };
  return isDealer(user) ? { label: 'Dashboard', target: 'dealer' } : { label: 'Account', target: 'account' };
}

/** SPEC 2: opening the dealer view while not logged in as a dealer shows login. */
export function dealerViewNeedsLogin(view: View, status: SessionStatus, user: SessionUser | null): boolean {
  return view === 'dealer' && status !== 'loading' && !(status === 'authenticated' && isDealer(user));
}
