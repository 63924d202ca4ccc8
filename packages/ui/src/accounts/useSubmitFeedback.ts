import { useMutation } from '@tanstack/react-query';
import { NOT_RATED, type FeedbackBodyInput } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';

/**
 * POST /feedback. The server adds who sent it and when, and forwards it to the team's webhook. The source header
 * tells the team whether it came from the web or the desktop app.
 */
export function useSubmitFeedback() {
  const api = useApi();
  const host = useHost();
  return useMutation({
    mutationFn: (body: FeedbackBodyInput) =>
      api.client.post(
        '/feedback',
        { ...body, rating: body.rating === NOT_RATED ? undefined : body.rating },
        { headers: { 'x-client-source': host.kind } },
      ),
  });
}
