import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Wide screens show the video at left and the details at right (SPEC 2), from the desktop breakpoint on. */
export const WIDE_FEED_QUERY = '(min-width: 1024px)';

/** From this width the desktop header (with the user menu and its Sign Out) is drawn instead of the bottom bar. */
export const DESKTOP_HEADER_QUERY = '(min-width: 1024px)';
