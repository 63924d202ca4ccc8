import { useCallback, useSyncExternalStore } from 'react';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';

export type RenderedStore<T> = (<U>(selector: (state: T) => U) => U) & StoreApi<T>;

/**
 * A zustand store whose hook reads its current state on the server and while hydrating, where zustand's own hook
 * reads the state it was created with. The navigation store is set from the URL before the server renders and
 * before the client hydrates, so both renders see the same view (entry-server.tsx, main.tsx).
 */
export function createRenderedStore<T>(initializer: StateCreator<T, [], []>): RenderedStore<T> {
  const api = createStore<T>()(initializer);
  function useRenderedStore<U>(selector: (state: T) => U): U {
    const read = useCallback(() => selector(api.getState()), [selector]);
    return useSyncExternalStore(api.subscribe, read, read);
  }
  return Object.assign(useRenderedStore, api);
}
