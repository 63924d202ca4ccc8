import type { ComponentType } from 'react';
import { preloadableLazy } from './kit/preloadable-lazy.ts';
import type { View } from './state/navigation.ts';
import { preloadFeed, TiktokView } from './views/feed/TiktokView.tsx';

/**
 * The one place that knows every view: the shell reads the current view's name from the navigation store and
 * draws the component this map gives it, so neither the shell nor a view imports the other.
 *
 * Every view but the feed (the default, first screen) loads on first visit, so the initial bundle holds only the
 * shell and the feed.
 */
function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return preloadableLazy(() => load().then((m) => m[name]));
}
const BrowseView = lazyView(() => import('./views/browse/BrowseView.tsx'), 'BrowseView');
const DiscoverView = lazyView(() => import('./views/discover/DiscoverView.tsx'), 'DiscoverView');
const DetailView = lazyView(() => import('./views/detail/DetailView.tsx'), 'DetailView');
const DealerView = lazyView(() => import('./views/dealer/DealerView.tsx'), 'DealerView');
const BecomeSellerView = lazyView(() => import('./views/seller/BecomeSellerView.tsx'), 'BecomeSellerView');
const AccountView = lazyView(() => import('./views/account/AccountView.tsx'), 'AccountView');
// One view for the list and a conversation: from 1024 px they are two panes of one page (docs/messaging.md).
const MessagesView = lazyView(() => import('./views/messages/MessagesView.tsx'), 'MessagesView');
const AdminView = lazyView(() => import('./views/admin/AdminView.tsx'), 'AdminView');
const CompareView = lazyView(() => import('./views/compare/CompareView.tsx'), 'CompareView');

export const VIEW_COMPONENTS: Readonly<Record<View, ComponentType>> = {
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
  compare: CompareView,
};

/**
 * Fetches the code of a view's first screen (its lazy parts included), so the app can hydrate the server's render
 * of it without waiting for any (preloadable-lazy.ts).
 */
export function preloadFirstScreen(view: View): Promise<void> {
  if (view === 'tiktok') return preloadFeed();
  if (view === 'browse') return BrowseView.preload();
  if (view === 'detail') return DetailView.preload();
  return Promise.resolve();
}
