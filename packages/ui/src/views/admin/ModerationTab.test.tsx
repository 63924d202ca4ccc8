import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../../testing/screen-api.test-support.tsx';
import { AdminView } from './AdminView.tsx';

const api = screenTestApi();

function group(overrides: Record<string, unknown> = {}) {
  return {
    targetType: 'car',
    targetId: 'car-1',
    summary: '2019 Toyota Hilux',
    link: '/cars/car-1',
    owner: { id: 'seller-1', name: 'Hilux Seller' },
    exists: true,
    hidden: true,
    pendingReview: true,
    ownerSuspended: false,
    reportCount: 3,
    reasons: [{ reason: 'scam', count: 3 }],
    reports: [1, 2, 3].map((n) => ({
      id: `r${n}`,
      reason: 'scam',
      details: n === 1 ? 'Asked for a deposit before any viewing' : '',
      targetText: '',
      reporter: { id: `buyer-${n}`, name: `Buyer ${n}` },
      status: 'open',
      createdAt: '2026-11-02T09:00:00.000Z',
    })),
    firstReportedAt: '2026-11-02T09:00:00.000Z',
    lastReportedAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

const page = (groups: unknown[]) => ok({ groups, page: 1, limit: 50, total: groups.length });
const auditPage = (entries: unknown[] = []) => ok({ entries, page: 1, limit: 50, total: entries.length });

async function openModeration(role = 'admin') {
  api.on('GET /dealers/admin/pending', ok({ applications: [] }));
  const rendered = renderSignedIn(api.baseUrl, <AdminView />, { role });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Moderation' }));
  return rendered;
}

describe('the admin page’s Moderation tab', () => {
  it('lists reports grouped by what they are about, with counts, reasons and texts', async () => {
    api.on('GET /admin/reports', page([group()]));
    api.on(
      'GET /admin/audit',
      auditPage([
        {
          id: 'a1',
          actor: null,
          action: 'auto_hide_car',
          targetType: 'car',
          targetId: 'car-1',
          reason: 'Reported by 3 or more accounts: hidden pending review',
          createdAt: '2026-11-02T09:00:00.000Z',
        },
      ]),
    );
    await openModeration();
    expect(screen.getByRole('heading', { name: 'Moderation', level: 1 })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Reported listing: 2019 Toyota Hilux' });
    expect(within(card).getByText('Hidden pending review')).toBeTruthy();
    expect(within(card).getByText('3 reports')).toBeTruthy();
    expect(within(card).getByText('Scam or deposit request (3)')).toBeTruthy();
    expect(within(card).getByText('Asked for a deposit before any viewing')).toBeTruthy();
    expect(within(card).getByText('Hilux Seller')).toBeTruthy();
    // A listing hidden pending review can be hidden for good, restored, or its reports dismissed.
    for (const action of ['Hide listing', 'Restore listing', 'Suspend account', 'Dismiss reports']) {
      expect(within(card).getByRole('button', { name: action })).toBeTruthy();
    }
    expect(within(card).queryByRole('button', { name: 'Restore account' })).toBeNull();
    const audit = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(audit).getByText(/AutoReel \(automatic\)/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/admin/reports')?.query['status']).toBe('open');
  });

  it('hides a listing with the reason the audit log keeps', async () => {
    let groups = [group()];
    api.on('GET /admin/reports', () => page(groups));
    api.on('GET /admin/audit', auditPage());
    api.on('POST /admin/reports/actions', () => {
      groups = [];
      return ok({
        reportsClosed: 3,
        entry: {
          id: 'a2',
          actor: { id: 'admin-1', name: 'Admin' },
          action: 'hide_car',
          targetType: 'car',
          targetId: 'car-1',
          reason: 'Deposit scam confirmed',
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      });
    });
    const { user } = await openModeration();
    const card = await screen.findByRole('article', { name: /2019 Toyota Hilux/ });
    await user.click(within(card).getByRole('button', { name: 'Hide listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason: it is kept in the audit log');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason (kept in the audit log)'),
      'Deposit scam confirmed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(await screen.findByText('3 reports closed.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      targetType: 'car',
      targetId: 'car-1',
      action: 'hide_car',
      reason: 'Deposit scam confirmed',
    });
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeTruthy();
  });

  it('shows the decided reports without actions, and an empty queue', async () => {
    api.on('GET /admin/reports', (call) =>
      call.query['status'] === 'closed'
        ? page([group({ hidden: false, pendingReview: false, reports: [], reportCount: 0, reasons: [] })])
        : page([]),
    );
    api.on('GET /admin/audit', auditPage());
    const { user } = await openModeration();
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeTruthy();
    expect(screen.getByText('No actions yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decided' }));
    const card = await screen.findByRole('article', { name: /2019 Toyota Hilux/ });
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when the reports could not be loaded, and retries', async () => {
    let failing = true;
    api.on('GET /admin/reports', () => (failing ? fail(500, 'Server error') : page([])));
    api.on('GET /admin/audit', auditPage());
    const { user } = await openModeration();
    expect(await screen.findByRole('heading', { name: 'Failed to load reports' })).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No open reports' })).toBeTruthy());
  });
});
