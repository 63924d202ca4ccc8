import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../../testing/screen-api.test-support.tsx';
import { AdminView } from './AdminView.tsx';

const api = screenTestApi();

function application(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `app-${n}`,
    _id: `app-${n}`,
    status: 'pending',
    businessName: `Motors ${n}`,
    businessType: 'dealer',
    location: 'Manzini',
    createdAt: '2026-11-02T09:00:00.000Z',
    applicant: { id: `u-${n}`, name: `Applicant ${n}`, phone: `+2687600000${n}`, email: null },
    ...overrides,
  };
}

/** A pending list the server keeps: approve and reject take the application out, as the API does. */
function serveApplications(initial: ReturnType<typeof application>[]) {
  let pending = [...initial];
  api.on('GET /dealers/admin/pending', () => ok({ applications: pending }));
  const decide = (call: { path: string }) => {
    const id = call.path.split('/')[2];
    pending = pending.filter((a) => a.id !== id);
    return ok({ application: { id } });
  };
  api.on('PUT /dealers/app-1/approve', decide);
  api.on('PUT /dealers/app-2/reject', decide);
}

const renderAdmin = (role = 'admin') => renderSignedIn(api.baseUrl, <AdminView />, { role });
const puts = () => api.calls.filter((c) => c.method === 'PUT');

describe('AdminView', () => {
  it('denies access to a non-admin and never asks for the list', () => {
    renderAdmin('customer');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('You need to be signed in as an admin to access this page.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('lists pending applications with the applicant details', async () => {
    serveApplications([application(1, { applicant: { ...application(1).applicant, email: 'a@b.co' } })]);
    renderAdmin();
    expect(screen.getByText('Loading applications...')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Motors 1' });
    expect(within(card).getByText('Applicant 1')).toBeTruthy();
    expect(within(card).getByText('a@b.co')).toBeTruthy();
    // The product's one date format, the month in words in the browser's locale ('2 Nov 2026' or 'Nov 2, 2026').
    expect(within(card).getByText(/^(2 Nov 2026|Nov 2, 2026)$/)).toBeTruthy();
    expect(screen.getByText('1 pending application')).toBeTruthy();
    expect(api.calls[0]?.authorization).toBe('Bearer access-1');
  });

  it('says who is signed in, by their whole name', async () => {
    serveApplications([]);
    renderSignedIn(api.baseUrl, <AdminView />, { role: 'admin', name: 'AutoReel Admin' });
    expect(screen.getByText('Signed in as').textContent).toBe('Signed in as AutoReel Admin');
    await screen.findByRole('heading', { name: 'No pending applications' });
  });

  it('approves after confirmation and removes the application', async () => {
    serveApplications([application(1), application(2)]);
    const { user } = renderAdmin();
    const card = await screen.findByRole('article', { name: 'Motors 1' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Motors 1?' });
    expect(puts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve Dealer' }));
    expect(await screen.findByText('Dealer approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Motors 1' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Motors 2' })).toBeTruthy();
    expect(puts()).toEqual([expect.objectContaining({ path: '/dealers/app-1/approve' })]);
  });

  it('rejects with review notes, trimmed', async () => {
    serveApplications([application(2)]);
    const { user } = renderAdmin();
    const card = await screen.findByRole('article', { name: 'Motors 2' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Motors 2?' });
    await user.type(within(dialog).getByLabelText(/Review notes/), '  Licence could not be verified  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Application' }));
    expect(await screen.findByText('Application rejected')).toBeTruthy();
    expect(puts()[0]).toMatchObject({
      path: '/dealers/app-2/reject',
      body: { reviewNotes: 'Licence could not be verified' },
    });
    expect(await screen.findByRole('heading', { name: 'No pending applications' })).toBeTruthy();
  });

  it('cancelling a confirmation sends nothing', async () => {
    serveApplications([application(1)]);
    const { user } = renderAdmin();
    const card = await screen.findByRole('article', { name: 'Motors 1' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it("keeps the dialog open with the server's message when a decision fails", async () => {
    serveApplications([application(1)]);
    api.on('PUT /dealers/app-1/approve', fail(409, 'This application was cancelled'));
    const { user } = renderAdmin();
    await user.click(
      within(await screen.findByRole('article', { name: 'Motors 1' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve Dealer' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('This application was cancelled')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Still pending: the failed decision left it in the list.
    expect(screen.getByRole('article', { name: 'Motors 1' })).toBeTruthy();
  });

  it('shows the empty state, and an error with Retry', async () => {
    let failing = true;
    api.on('GET /dealers/admin/pending', () =>
      failing ? fail(500, 'Database down') : ok({ applications: [] }),
    );
    const { user } = renderAdmin();
    expect(await screen.findByText('Failed to load applications', {}, { timeout: 4000 })).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No pending applications' })).toBeTruthy();
  });
});
