import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from '../state/local-storage.ts';

/**
 * The 'Data saver' switch of Settings, kept on this device (not the account: a buyer may save data on the phone and
 * not on the laptop). On: feed videos stay on their lowest rendition and nothing is fetched ahead but posters.
 */
const KEY = 'autoreel.dataSaver';
const listeners = new Set<() => void>();

export function readDataSaver(): boolean {
  return safeLocalStorage()?.getItem(KEY) === '1';
}

export function writeDataSaver(on: boolean): void {
  try {
    if (on) safeLocalStorage()?.setItem(KEY, '1');
    else safeLocalStorage()?.removeItem(KEY);
  } catch {
    // A refused storage: the switch holds for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The switch's state, kept in step with Settings and other tabs. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, readDataSaver, () => false);
}
