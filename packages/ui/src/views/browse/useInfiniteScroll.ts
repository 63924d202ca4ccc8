import { useEffect, useRef } from 'react';

/** Load the next page while the end of the list is still this far below the screen, so scrolling never waits. */
export const INFINITE_SCROLL_MARGIN = '800px';

/**
 * Calls `onReach` when the returned sentinel comes within INFINITE_SCROLL_MARGIN of the viewport, while
 * `enabled`. The Load More button stays for keyboards and for browsers without IntersectionObserver.
 */
export function useInfiniteScroll<E extends Element>(enabled: boolean, onReach: () => void) {
  const sentinel = useRef<E>(null);
  const reach = useRef(onReach);
  reach.current = onReach;
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
