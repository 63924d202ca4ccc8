import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../state/session.ts';
import { demoUser, fail, ok } from '../../../testing/api-server.test-support.ts';
import { renderSignedIn, screenTestApi } from '../../../testing/screen-api.test-support.tsx';
import { ProfileTab } from './ProfileTab.tsx';

const api = screenTestApi();

const putCalls = () => api.calls.filter((c) => c.method === 'PUT' && c.path === '/auth/me');

function renderProfile(overrides: Record<string, unknown> = {}) {
  return renderSignedIn(api.baseUrl, (session) => <ProfileTab user={session} />, overrides);
}

describe('ProfileTab', () => {
  it('shows the phone-verified badge and the role badge', () => {
    renderProfile({ role: 'customer', email: 'thandi@example.com' });
    expect(screen.getByText('Phone verified')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
    expect(screen.getByText('thandi@example.com')).toBeTruthy();
    expect(screen.queryByText('Unverified')).toBeNull();
  });

  it("shows the 'Unverified' warning and an Admin badge for an unverified admin", () => {
    renderProfile({ role: 'admin', isPhoneVerified: false });
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.queryByText('Phone verified')).toBeNull();
  });

  it('shows Dealer for a dealer', () => {
    renderProfile({ role: 'dealer', type: 'dealer' });
    expect(screen.getByText('Dealer')).toBeTruthy();
  });

  it('refuses a blank name and a malformed email without calling the API', async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await user.clear(within(form).getByLabelText('Full Name'));
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(form).getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(putCalls()).toHaveLength(0);
  });

  it('saves name and email, updates the session and the stored user, and leaves edit mode', async () => {
    api.on('PUT /auth/me', (call) =>
      ok({ user: demoUser({ ...(call.body as object), email: (call.body as { email?: string }).email }) }),
    );
    const { user, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, '  Thandi Mamba ');
    await user.type(screen.getByLabelText('Email'), 'thandi@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(putCalls()[0]).toMatchObject({
      body: { name: 'Thandi Mamba', email: 'thandi@example.com' },
      authorization: 'Bearer access-1',
    });
    expect(useSession.getState().user).toMatchObject({ name: 'Thandi Mamba', email: 'thandi@example.com' });
    expect(store.user).toMatchObject({ name: 'Thandi Mamba' });
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
  });

  it("shows the API's field errors under the inputs and keeps the session unchanged", async () => {
    api.on('PUT /auth/me', {
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        errors: [{ field: 'email', message: 'Enter a valid email address' }],
      },
    });
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(useSession.getState().user?.email).toBeNull();
  });

  it('shows a general failure and keeps the form open', async () => {
    api.on('PUT /auth/me', fail(500, 'Request failed (500)'));
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Request failed (500)')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeTruthy();
    expect(useSession.getState().user?.name).toBe('Thandi Dlamini');
  });
});
