import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { normaliseUser, useSession, type SessionUser } from '../state/session.ts';

/**
 * PUT /auth/me, then the answered user replaces the stored one, so the header and every screen show the new
 * name at once and after a reload.
 */
export function useSaveProfile() {
  const api = useApi();
  const host = useHost();
  return useMutation({
    mutationFn: async (body: ProfileUpdateBody): Promise<SessionUser> => {
      const answer = await api.client.put('/auth/me', body);
      const user = normaliseUser(answer.user);
      if (!user) throw new Error('Invalid response from server');
      await host.user.save(user);
      useSession.setState({ status: 'authenticated', user });
      return user;
    },
  });
}
