import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReportsPage,
  AuditPage,
  BlockedList,
  BlockState,
  ModerationActionBody,
  ModerationActionResult,
  ReportBody,
  ReportFiled,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

/** Query keys of what moderation caches. */
export const moderationKeys = {
  blocked: ['moderation', 'blocked'] as const,
  queue: (status: 'open' | 'closed') => ['moderation', 'queue', status] as const,
  audit: ['moderation', 'audit'] as const,
};

/** POST /reports: a repeat answers the first report (`alreadyReported`). */
export function useFileReport() {
  const { client } = useApi();
  return useMutation<ReportFiled, Error, ReportBody>({
    mutationFn: (body) => client.post('/reports', body),
  });
}

/** The caller's blocked people (GET /users/me/blocked). */
export function useBlockedUsers(enabled = true) {
  const { client } = useApi();
  return useQuery<BlockedList>({
    queryKey: moderationKeys.blocked,
    enabled,
    queryFn: () => client.get('/users/me/blocked'),
  });
}

/** Blocks or unblocks a person; the blocked list and the conversations (through the stream) follow. */
export function useSetBlocked() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation<BlockState, Error, { userId: string; blocked: boolean }>({
    mutationFn: ({ userId, blocked }) =>
      blocked
        ? client.post('/users/:id/block', undefined, { params: { id: userId } })
        : client.delete('/users/:id/block', undefined, { params: { id: userId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.blocked });
      // The conversation list leaves out (or shows again) the person: every cached list is read again.
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

/** The moderation desk's queue: targets with open (or decided) reports. */
export function useReportQueue(status: 'open' | 'closed', enabled = true) {
  const { client } = useApi();
  return useQuery<AdminReportsPage>({
    queryKey: moderationKeys.queue(status),
    enabled,
    queryFn: () => client.get('/admin/reports', { query: { status, page: 1, limit: 50 } }),
  });
}

export function useAuditLog(enabled = true) {
  const { client } = useApi();
  return useQuery<AuditPage>({
    queryKey: moderationKeys.audit,
    enabled,
    queryFn: () => client.get('/admin/audit', { query: { page: 1, limit: 50 } }),
  });
}

/** One action of the desk; the queue and the audit log are read again. */
export function useModerationAction() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation<ModerationActionResult, Error, ModerationActionBody>({
    mutationFn: (body) => client.post('/admin/reports/actions', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moderation'] });
    },
  });
}
