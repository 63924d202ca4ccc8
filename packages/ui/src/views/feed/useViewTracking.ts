import { useEffect, useRef } from 'react';
import { isUsableId } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { safeLocalStorage } from '../../state/local-storage.ts';

export const CLIENT_ID_STORAGE_KEY = 'autoreel.clientId';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The anonymous viewer's id (8-64 of A-Z a-z 0-9 _ -), kept on the device so a visitor counts once per car and
 * hour like a signed-in one. Without storage (private mode) it lasts for the page's life.
 */
let memoryClientId: string | null = null;
export function anonymousClientId(storage: Storage | null = safeLocalStorage()): string {
  try {
    const stored = storage?.getItem(CLIENT_ID_STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const fresh = randomId();
    storage?.setItem(CLIENT_ID_STORAGE_KEY, fresh);
    return fresh;
  } catch {
    memoryClientId ??= randomId();
    return memoryClientId;
  }
}

/**
 * SPEC 4: a car shown in the feed triggers a view track, once per car while the feed is open (the server also
 * folds repeats within the hour). A failed ping is only logged: counting must never disturb watching.
 */
export function useViewTracking(carId: string | null, signedIn: boolean): void {
  const { client } = useApi();
  const tracked = useRef(new Set<string>());
  useEffect(() => {
    if (!isUsableId(carId) || tracked.current.has(carId)) return;
    tracked.current.add(carId);
    const body = signedIn ? {} : { clientId: anonymousClientId() };
    client
      .post('/cars/:id/views', body, { params: { id: carId } })
      .catch((error: unknown) => console.warn('View not recorded', error));
  }, [carId, signedIn, client]);
}
