import { useEffect, useRef } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { useSession } from '../state/session.ts';
import { chooseCountry, useChosenCountry } from './buyer-country.ts';

/**
 * Keeps the buyer's chosen country on the device and on the account alike (docs/accounts-and-countries.md). When a
 * session starts, the account's choice comes to this device (it follows the person), and a device choice the account
 * lacks goes to the account; afterwards each choice made on the device while signed in is kept with the account.
 */
export function useAccountCountry(): void {
  const api = useApi();
  const host = useHost();
  const user = useSession((s) => (s.status === 'authenticated' ? s.user : null));
  const chosen = useChosenCountry()?.code ?? null;
  /** The account whose choice this device has taken since its session started. */
  const reconciled = useRef<string | null>(null);

  useEffect(() => {
    if (!user) {
      reconciled.current = null;
      return;
    }
    // A user stored before accounts kept a country: wait for the server's answer rather than overwrite the account.
    if (user.countryCode === undefined) return;
    const kept = user.countryCode;
    if (reconciled.current !== user.id) {
      reconciled.current = user.id;
      if (kept) {
        if (kept !== chosen) chooseCountry(kept);
        return;
      }
    }
    if (!chosen || chosen === kept) return;
    api.client.put('/account/country', { countryCode: chosen }).then(
      async ({ countryCode }) => {
        const current = useSession.getState().user;
        if (current?.id !== user.id) return;
        const updated = { ...current, countryCode };
        useSession.setState({ user: updated });
        await host.user.save(updated);
      },
      // The device keeps the choice; the account takes it at the next session's start.
      () => undefined,
    );
  }, [api, host, user, chosen]);
}
