import { useSyncExternalStore } from 'react';

/** The browse grid's breakpoints (Cars.module.css '.grid'): one card a row on phones, 2 from 640 px, 3 from 1280 px. */
export const GRID_BREAKPOINTS = [
  { query: '(min-width: 1280px)', columns: 3 },
  { query: '(min-width: 640px)', columns: 2 },
] as const;

/** Below the first breakpoint: one card a row. */
const PHONE_COLUMNS = 1;

function gridColumns(): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 1;
  return GRID_BREAKPOINTS.find((b) => window.matchMedia(b.query).matches)?.columns ?? PHONE_COLUMNS;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const lists = GRID_BREAKPOINTS.map((b) => window.matchMedia(b.query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** How many cards a row of the grid holds at the current width, the same as the CSS grid lays out. */
export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, gridColumns, () => 1);
}
