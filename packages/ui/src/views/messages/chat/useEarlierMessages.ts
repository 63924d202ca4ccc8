import { PAGE_SIZES } from '@autoreel/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { changeHistory, withServerMessages } from '../../../messaging/chat-history.ts';
import { fetchHistory } from '../../../messaging/queries.ts';

/**
 * Older pages of a history, loaded on request above what is shown (page 1 holds the latest 50). The messages merge
 * into the cached history by id and time, so a page that overlaps what the stream added shows each message once.
 */
export function useEarlierMessages(chatUserId: string, total: number) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function loadMore(): Promise<void> {
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchHistory(client, chatUserId, pagesLoaded + 1);
      changeHistory(queryClient, chatUserId, withServerMessages(page.messages));
      setPagesLoaded(pagesLoaded + 1);
    } catch (error) {
      console.warn('Earlier messages could not be loaded', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return { hasMore: pagesLoaded * PAGE_SIZES.messages < total, loading, failed, loadMore };
}
