import { DEALER_TABS, useNavigation, type DealerTab, type View } from './navigation.ts';

/** SPEC 2 'Window events': CustomEvents on window that any part of the app (or an embedding page) may send. */
export const APP_EVENTS = {
  authLogout: 'auth:logout',
  appNavigate: 'app-navigate',
  loginRequired: 'login-required',
  dealerNavigate: 'dealer-navigate',
} as const;

/** The views app-navigate may switch to; others need context (a car, a conversation) or a role. */
export const APP_NAVIGATE_VIEWS = ['browse', 'discover', 'tiktok', 'become-seller', 'messages'] as const;
export type AppNavigateView = (typeof APP_NAVIGATE_VIEWS)[number];

export interface AppNavigateDetail {
  view: AppNavigateView;
}
export interface DealerNavigateDetail {
  tab: DealerTab;
}

export function emitAuthLogout(win: Window = window): void {
  win.dispatchEvent(new CustomEvent(APP_EVENTS.authLogout));
}
export function emitAppNavigate(view: AppNavigateView, win: Window = window): void {
  win.dispatchEvent(new CustomEvent<AppNavigateDetail>(APP_EVENTS.appNavigate, { detail: { view } }));
}
export function emitLoginRequired(win: Window = window): void {
  win.dispatchEvent(new CustomEvent(APP_EVENTS.loginRequired));
}
export function emitDealerNavigate(tab: DealerTab, win: Window = window): void {
  win.dispatchEvent(new CustomEvent<DealerNavigateDetail>(APP_EVENTS.dealerNavigate, { detail: { tab } }));
}

function detailOf(event: Event): Record<string, unknown> {
  const detail = (event as CustomEvent<unknown>).detail;
  return typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>) : {};
}

function isAppNavigateView(value: unknown): value is AppNavigateView {
  return (APP_NAVIGATE_VIEWS as readonly unknown[]).includes(value);
}

function isDealerTab(value: unknown): value is DealerTab {
  return (DEALER_TABS as readonly unknown[]).includes(value);
}

/** Applies the four window events to the navigation store. Returns the unbinding function. */
export function bindWindowEvents(win: Window = window): () => void {
  const nav = () => useNavigation.getState();
  const onLogout = () => {
    nav().navigate('browse');
    nav().showLogin();
  };
  const onNavigate = (event: Event) => {
    const view: unknown = detailOf(event).view;
    if (!isAppNavigateView(view)) return;
    nav().navigate(view satisfies View);
    nav().hideLogin();
  };
  const onLoginRequired = () => nav().showLogin();
  const onDealerNavigate = (event: Event) => {
    const tab: unknown = detailOf(event).tab;
    if (isDealerTab(tab)) nav().setDealerTab(tab);
  };
  win.addEventListener(APP_EVENTS.authLogout, onLogout);
  win.addEventListener(APP_EVENTS.appNavigate, onNavigate);
  win.addEventListener(APP_EVENTS.loginRequired, onLoginRequired);
  win.addEventListener(APP_EVENTS.dealerNavigate, onDealerNavigate);
  return () => {
    win.removeEventListener(APP_EVENTS.authLogout, onLogout);
    win.removeEventListener(APP_EVENTS.appNavigate, onNavigate);
    win.removeEventListener(APP_EVENTS.loginRequired, onLoginRequired);
    win.removeEventListener(APP_EVENTS.dealerNavigate, onDealerNavigate);
  };
}
