import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../platform/ApiProvider.tsx';

/** A pending application as GET /dealers/admin/pending lists it, with the applicant's contact details. */
export interface PendingApplication {
  id: string;
  status: 'pending';
  businessName: string;
  businessType: 'dealer' | 'private';
  location: string;
  createdAt: string;
  applicant: { id: string; name: string; phone: string; email: string | null };
}

export const pendingApplicationsKey = ['dealers', 'admin', 'pending'] as const;

/** SPEC 7: GET /dealers/admin/pending (admins only; anyone else gets 403). */
export function usePendingApplications(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: pendingApplicationsKey,
    enabled,
    queryFn: ({ signal }) => api.client.get('/dealers/admin/pending', { signal }),
  });
}

export type ReviewDecision = { kind: 'approve' } | { kind: 'reject'; reviewNotes: string };

/**
 * Approves (PUT /dealers/{applicationId}/approve) or rejects with review notes (PUT /dealers/{id}/reject). The
 * decided application leaves the pending list at once; the list is then reloaded from the server.
 */
export function useReviewApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) => {
      const params = { id };
      if (decision.kind === 'approve') return api.client.put('/dealers/:id/approve', undefined, { params });
      const notes = decision.reviewNotes.trim();
      return api.client.put('/dealers/:id/reject', notes ? { reviewNotes: notes } : {}, { params });
    },
    onSuccess: (_answer, { id }) => {
      queryClient.setQueryData<{ applications: PendingApplication[] }>(pendingApplicationsKey, (current) =>
        current ? { applications: current.applications.filter((a) => a.id !== id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: pendingApplicationsKey });
    },
  });
}
