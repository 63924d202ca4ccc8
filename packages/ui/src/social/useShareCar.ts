import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { carShareUrl, LINK_COPIED_MESSAGE, whatsappShareLink } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useToast } from '../kit/Toast.tsx';
import { useHost } from '../platform/HostContext.tsx';

/**
 * Shares a car the way SPEC 7 orders it: the device share sheet, then a clipboard copy ('Link copied to
 * clipboard!'), then a chat-app share link. Every attempt is counted once on the server; a failed count is only
 * logged, since the buyer's share already happened.
 */
export function useShareCar() {
  const host = useHost();
  const toast = useToast();
  const { client } = useApi();
  const count = useMutation({
    mutationFn: (carId: string) => client.post('/cars/:id/share', undefined, { params: { id: carId } }),
    onError: (error) => console.warn('Share count not recorded', error),
  });
  const { mutate } = count;
  return useCallback(
    async (carId: string, title: string) => {
      const url = carShareUrl(window.location.origin, carId);
      const text = `Check out this ${title} on AutoReel`;
      mutate(carId);
      if (await host.share({ title, text, url }).catch(() => false)) return;
      try {
        await host.copyToClipboard(url);
        toast({ title: LINK_COPIED_MESSAGE, tone: 'success' });
      } catch {
        host.openExternal(whatsappShareLink(text, url));
      }
    },
    [host, toast, mutate],
  );
}
