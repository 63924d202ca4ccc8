import { comparedIds, compareIdsFromSearch, comparePath, setCompared } from './compare.ts';
import { DEFAULT_VIEW, useNavigation, type NavigationState, type View } from './navigation.ts';

export type Location = Pick<NavigationState, 'view' | 'carId' | 'chatUserId'> & {
  /** Browse's filters and sort (its query string without '?'); only a browse address sets it. */
  browseQuery?: string | undefined;
};

const STATIC_PATHS: Record<Exclude<View, 'detail' | 'chat'>, string> = {
  tiktok: '/',
  browse: '/browse',
  discover: '/discover',
  dealer: '/dealer',
  'become-seller': '/sell',
  account: '/account',
  messages: '/messages',
  admin: '/admin',
  compare: '/compare',
};

/**
 * The path a location is shown at. Share links are {origin}/cars/{carId} (SPEC 2); a chat carries its car as
 * ?car= so a refreshed conversation keeps its context.
 */
export function pathFor(location: Location): string {
  switch (location.view) {
    case 'detail':
      return location.carId ? `/cars/${encodeURIComponent(location.carId)}` : STATIC_PATHS.browse;
    case 'chat': {
      if (!location.chatUserId) return STATIC_PATHS.messages;
      const base = `/messages/${encodeURIComponent(location.chatUserId)}`;
      return location.carId ? `${base}?car=${encodeURIComponent(location.carId)}` : base;
    }
    case 'browse':
      return location.browseQuery ? `${STATIC_PATHS.browse}?${location.browseQuery}` : STATIC_PATHS.browse;
    case 'tiktok':
    case 'discover':
    case 'dealer':
    case 'become-seller':
    case 'account':
    case 'messages':
    case 'admin':
      return STATIC_PATHS[location.view];
    case 'compare':
      // The chosen cars travel in the address, so a comparison can be shared and reopened.
      return comparePath(comparedIds());
  }
}

function decode(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    const value = decodeURIComponent(segment).trim();
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

/** The location a URL names; unknown paths open the default view (the feed). */
export function locationFromUrl(pathname: string, search = ''): Location {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const [first, second] = parts;
  const none = { carId: null, chatUserId: null };
  if (parts.length === 0) return { view: DEFAULT_VIEW, ...none };
  if (first === 'cars' && parts.length === 2) {
    const carId = decode(second);
    return carId ? { view: 'detail', carId, chatUserId: null } : { view: 'browse', ...none };
  }
  if (first === 'messages' && parts.length === 2) {
    const chatUserId = decode(second);
    const carId = decode(new URLSearchParams(search).get('car') ?? undefined);
    return chatUserId ? { view: 'chat', chatUserId, carId } : { view: 'messages', ...none };
  }
  if (parts.length === 1 && `/${first}` === STATIC_PATHS.browse) {
    return { view: 'browse', ...none, browseQuery: search.replace(/^\?/, '') };
  }
  if (parts.length === 1) {
    const match = (Object.entries(STATIC_PATHS) as [View, string][]).find(([, path]) => path === `/${first}`);
    if (match) return { view: match[0], ...none };
  }
  return { view: DEFAULT_VIEW, ...none };
}

/** A comparison's address (shared, or reached by back) names its cars: they become the ones compared here. */
function adoptCompareLink(location: Location, search: string): void {
  if (location.view !== 'compare') return;
  const ids = compareIdsFromSearch(search);
  if (ids.length > 0) setCompared(ids);
}

function currentPath(win: Window): string {
  return `${win.location.pathname}${win.location.search}`;
}

/**
 * Mirrors the navigation store to the address bar: reads the URL on start (refresh, shared links), pushes an
 * entry on every view change (so back works), and follows back/forward. Returns the unbinding function.
 */
export function bindHistory(win: Window = window): () => void {
  const initial = locationFromUrl(win.location.pathname, win.location.search);
  adoptCompareLink(initial, win.location.search);
  useNavigation.getState().restore(initial);
  const initialPath = pathFor(initial);
  if (initialPath !== currentPath(win)) win.history.replaceState(null, '', initialPath);

  let restoring = false;
  const unsubscribe = useNavigation.subscribe((state, previous) => {
    if (restoring) return;
    if (
      state.view === previous.view &&
      state.carId === previous.carId &&
      state.chatUserId === previous.chatUserId &&
      state.browseQuery === previous.browseQuery
    ) {
      return;
    }
    const path = pathFor(state);
    if (path === currentPath(win)) return;
    // Browse's filters changed in place (typing on in one field): the entry is rewritten, not added.
    const inPlace =
      state.view === previous.view && state.view === 'browse' && state.browseEntry === 'replace';
    if (inPlace) win.history.replaceState(null, '', path);
    else win.history.pushState(null, '', path);
  });
  const onPopState = () => {
    restoring = true;
    try {
      const location = locationFromUrl(win.location.pathname, win.location.search);
      adoptCompareLink(location, win.location.search);
      useNavigation.getState().restore(location);
    } finally {
      restoring = false;
    }
  };
  win.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', onPopState);
  };
}
