import { createRenderedStore } from './rendered-store.ts';

/** SPEC 2 'Views': navigation is by named view; the URL mirrors it (docs/DECISIONS.md 'Storefront navigation'). */
export const VIEWS = [
  'browse',
  'discover',
  'tiktok',
  'detail',
  'dealer',
  'become-seller',
  'account',
  'messages',
  'chat',
  /** Admin review of dealer applications; reached from the admin's user menu. */
  'admin',
  /** Up to three chosen cars side by side (state/compare.ts keeps which). */
  'compare',
] as const;
export type View = (typeof VIEWS)[number];

/** The feed is the default view (SPEC 2). */
export const DEFAULT_VIEW: View = 'tiktok';

export const DEALER_TABS = ['overview', 'inventory', 'add', 'settings'] as const;
export type DealerTab = (typeof DEALER_TABS)[number];

/** The account view's tabs; the user menu's Liked Cars and Account Settings open the first and the last. */
export const ACCOUNT_SECTIONS = ['favorites', 'alerts', 'searches', 'profile', 'settings'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export interface NavigationState {
  view: View;
  /** The selected car: required by detail, optional context for chat. */
  carId: string | null;
  /** The other participant of an open conversation. */
  chatUserId: string | null;
  /** The login page overlays everything when requested (SPEC 2). */
  loginOpen: boolean;
  dealerTab: DealerTab;
  /** Words typed into a search entry before discover opened; discover searches for them at once. */
  searchQuery: string | null;
  /** A tab of the account view asked for from elsewhere (the user menu); the view takes it and clears it. */
  accountTab: AccountSection | null;
  /**
   * Browse's filters and sort as its address carries them (the query string without '?', '' for none): the one
   * place they are applied, so a shared address, back and forward bring them back (views/browse/useBrowseAddress.ts).
   */
  browseQuery: string;
  /** How the last change of browseQuery goes into the history: a new entry, or in place of the current one. */
  browseEntry: 'push' | 'replace';
}

export interface NavigationActions {
  /** Switches view. detail without a car falls back to browse: it needs a selected car. */
  navigate: (
    view: View,
    params?: { carId?: string | null; chatUserId?: string | null; searchQuery?: string | null },
  ) => void;
  openCar: (carId: string) => void;
  openChat: (userId: string, carId?: string | null) => void;
  /** Opens the account view on one of its tabs. */
  openAccountTab: (tab: AccountSection) => void;
  clearAccountTab: () => void;
  showLogin: () => void;
  hideLogin: () => void;
  setDealerTab: (tab: DealerTab) => void;
  /** Applies browse's filters and sort: a new history entry, or (typing on in the same field) in place. */
  setBrowseQuery: (query: string, entry: 'push' | 'replace') => void;
  /** Replaces the whole location (used when the browser's URL changes under us: back, forward). */
  restore: (
    state: Pick<NavigationState, 'view' | 'carId' | 'chatUserId'> & { browseQuery?: string | undefined },
  ) => void;
}

export const initialNavigationState: NavigationState = {
  view: DEFAULT_VIEW,
  carId: null,
  chatUserId: null,
  loginOpen: false,
  dealerTab: 'overview',
  searchQuery: null,
  accountTab: null,
  browseQuery: '',
  browseEntry: 'push',
};

export const useNavigation = createRenderedStore<NavigationState & NavigationActions>((set) => ({
  ...initialNavigationState,
  navigate(view, params = {}) {
    const carId = params.carId ?? null;
    if (view === 'detail' && !carId) {
      set({ view: 'browse', carId: null, chatUserId: null });
      return;
    }
    set({
      view,
      accountTab: null,
      carId: view === 'detail' || view === 'chat' ? carId : null,
      chatUserId: view === 'chat' ? (params.chatUserId ?? null) : null,
      searchQuery: view === 'discover' ? (params.searchQuery?.trim() ?? null) || null : null,
    });
  },
  openCar(carId) {
    set({ view: 'detail', carId, chatUserId: null });
  },
  openChat(userId, carId = null) {
    set({ view: 'chat', chatUserId: userId, carId });
  },
  openAccountTab(accountTab) {
    set({ view: 'account', carId: null, chatUserId: null, accountTab });
  },
  clearAccountTab() {
    set({ accountTab: null });
  },
  showLogin() {
    set({ loginOpen: true });
  },
  hideLogin() {
    set({ loginOpen: false });
  },
  setDealerTab(dealerTab) {
    set({ dealerTab });
  },
  setBrowseQuery(browseQuery, browseEntry) {
    set({ browseQuery, browseEntry });
  },
  restore({ view, carId, chatUserId, browseQuery }) {
    // An address without browse's query keeps the filters applied before (the feed, a car, then Browse again).
    set(browseQuery === undefined ? { view, carId, chatUserId } : { view, carId, chatUserId, browseQuery });
  },
}));

/** Resets the store to its first state (tests, and a fresh mount). */
export function resetNavigation(): void {
  useNavigation.setState(initialNavigationState);
}

/** Where a 'back' goes from each view (SPEC 2): detail, account and messages to browse, chat to the feed. */
export function backTarget(view: View): View {
  switch (view) {
    case 'chat':
      return 'tiktok';
    case 'detail':
    case 'account':
    case 'admin':
    case 'messages':
    case 'dealer':
    case 'become-seller':
    case 'discover':
    case 'tiktok':
    case 'browse':
    case 'compare':
      return 'browse';
  }
}
