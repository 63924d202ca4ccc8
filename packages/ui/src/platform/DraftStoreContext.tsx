import { createContext, useContext, type ReactNode } from 'react';
import { localStorageDraftStore, type DraftStore } from './draft-store.ts';

const webDefault = localStorageDraftStore();
const DraftStoreContext = createContext<DraftStore>(webDefault);

/** Lets a platform replace where drafts are kept (the desktop's electron-store); the web default needs none. */
export function DraftStoreProvider({ store, children }: { store: DraftStore; children: ReactNode }) {
  return <DraftStoreContext.Provider value={store}>{children}</DraftStoreContext.Provider>;
}

export function useDraftStore(): DraftStore {
  return useContext(DraftStoreContext);
}
