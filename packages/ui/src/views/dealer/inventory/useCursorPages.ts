import { useCallback, useState } from 'react';

/**
 * Keyset paging (GET /cars/mine answers nextCursor): the cursors of the pages visited so far, so Previous steps
 * back exactly and a page deep in thousands of cars costs what the first does. `reset` starts again at page one
 * (a new filter, sort or page size).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const next = useCallback((cursor: string) => setCursors((list) => [...list, cursor]), []);
  const previous = useCallback(() => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)), []);
  const reset = useCallback(() => setCursors([null]), []);
  return {
    cursor: cursors.at(-1) ?? null,
    pageIndex: cursors.length - 1,
    next,
    previous,
    reset,
  };
}
