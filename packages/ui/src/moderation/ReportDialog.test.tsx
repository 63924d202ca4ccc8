import { act, screen, waitFor, within } from '@testing-library/react';
import { REPORT_THANKS } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../testing/screen-api.test-support.tsx';
import { useNavigation } from '../state/navigation.ts';
import { useSession } from '../state/session.ts';
import { ReportButton } from './ReportButton.tsx';
import { CHOOSE_A_REASON, REPORT_ALREADY_SENT } from './ReportDialog.tsx';

const api = screenTestApi();

function filed(alreadyReported: boolean) {
  return {
    alreadyReported,
    report: {
      id: 'r1',
      targetType: 'car',
      targetId: 'car-1',
      reason: 'scam',
      details: '',
      status: 'open',
      createdAt: '2026-11-02T09:00:00.000Z',
    },
  };
}

const renderButton = () =>
  renderSignedIn(
    api.baseUrl,
    <ReportButton targetType="car" targetId="car-1" name="this 2019 Toyota Hilux" />,
  );
const reports = () => api.calls.filter((call) => call.path === '/reports');

describe('the Report dialog', () => {
  it('asks for a reason, takes optional details, sends them and thanks the reporter', async () => {
    api.on('POST /reports', { status: 201, body: { success: true, data: filed(false) } });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this 2019 Toyota Hilux?' });
    for (const reason of [
      'Scam or deposit request',
      'Wrong information',
      'Already sold',
      'Offensive',
      'Other',
    ]) {
      expect(within(dialog).getByRole('radio', { name: reason })).toBeTruthy();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CHOOSE_A_REASON);
    expect(reports()).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or deposit request' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  Wants a deposit first  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(REPORT_THANKS)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reports()[0]?.body).toEqual({
      targetType: 'car',
      targetId: 'car-1',
      reason: 'scam',
      details: 'Wants a deposit first',
    });
  });

  it('says so when the reporter already reported it', async () => {
    api.on('POST /reports', ok(filed(true)));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Already sold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(REPORT_ALREADY_SENT)).toBeTruthy();
  });

  it('keeps the dialog open with the reason a refusal gives', async () => {
    api.on('POST /reports', fail(429, 'Too many reports sent. Please try again later.'));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Too many reports sent');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a tap made while the stored session is still being read waits for it: signed in, the dialog opens', async () => {
    const { user, session } = renderButton();
    // The page has just started: the session is being read from the device.
    act(() => useSession.setState({ status: 'loading', user: null }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useSession.setState({ status: 'authenticated', user: session }));
    expect(await screen.findByRole('dialog', { name: 'Report this 2019 Toyota Hilux?' })).toBeTruthy();
    expect(useNavigation.getState().loginOpen).toBe(false);
  });
});
