import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../platform/ApiProvider.tsx';
import { fetchConversations, messagingKeys } from './queries.ts';

/** The conversation list, 20 a page, newest activity first; the stream invalidates it on every message. */
export function useConversations() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: messagingKeys.conversations,
    initialPageParam: 1,
    staleTime: 0,
    queryFn: async ({ pageParam }) => {
      try {
        return await fetchConversations(client, pageParam);
      } catch (error) {
        console.warn('Conversations could not be loaded', error);
        throw error;
      }
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.conversations.length, 0);
      return loaded < last.total && last.conversations.length > 0 ? last.page + 1 : undefined;
    },
  });
}
