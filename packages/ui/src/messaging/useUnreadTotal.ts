import { useQuery } from '@tanstack/react-query';
import { useApi } from '../platform/ApiProvider.tsx';
import { useSession } from '../state/session.ts';
import { fetchUnreadTotal, messagingKeys } from './queries.ts';

/**
 * The signed-in user's unread total: fetched once, then kept current by the stream's `unread` events and by read
 * marking, which write the same cache entry. Null while unknown or signed out; a failure is only logged (SPEC 8).
 */
export function useUnreadTotal(): number | null {
  const { client } = useApi();
  const signedIn = useSession((s) => s.status === 'authenticated');
  const query = useQuery({
    queryKey: messagingKeys.unread,
    enabled: signedIn,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      try {
        return await fetchUnreadTotal(client);
      } catch (error) {
        console.warn('Unread count unavailable', error);
        return null;
      }
    },
  });
  return signedIn ? (query.data ?? null) : null;
}
