import { useCallback } from 'react';
import { useApi } from '../../platform/ApiProvider.tsx';
import { useHost } from '../../platform/HostContext.tsx';
import { useSession } from '../../state/session.ts';

/**
 * Turns on push for this device, asking the browser's permission: call it only from a gesture that needs it
 * (saving a search, sending a first message, the Settings switch), never on load. A person who blocked
 * notifications is not asked again; one who allowed them is not asked, only (re)registered with the server.
 * Resolves whether this device now receives push. Never throws: push is a convenience, not the gesture's purpose.
 */
export function useRequestPushAfterGesture(): () => Promise<boolean> {
  const api = useApi();
  const host = useHost();
  return useCallback(async () => {
    const push = host.push;
    if (!push || useSession.getState().status !== 'authenticated') return false;
    const permission = push.permission();
    if (permission === 'unsupported' || permission === 'denied') return false;
    try {
      const { publicKey } = await api.client.get('/push/public-key');
      if (!publicKey) return false;
      const subscription = await push.subscribe(publicKey);
      if (!subscription) return false;
      await api.client.post('/push-subscriptions', subscription);
      return true;
    } catch {
      return false;
    }
  }, [api, host]);
}

/** Stops push on this device: the browser's subscription and the server's record of it. */
export function useStopPush(): () => Promise<void> {
  const api = useApi();
  const host = useHost();
  return useCallback(async () => {
    const endpoint = await host.push?.unsubscribe().catch(() => null);
    if (endpoint) await api.client.delete('/push-subscriptions', { endpoint }).catch(() => undefined);
  }, [api, host]);
}
