import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { fail, memoryHost, ok } from '../../testing/api-server.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { likedCar, renderSignedIn, screenTestApi } from '../../testing/screen-api.test-support.tsx';
import { AccountView } from './AccountView.tsx';

const api = screenTestApi();
beforeEach(() => {
  api.on('GET /cars/user/liked', ok({ cars: [likedCar(1)], page: 1, limit: 20, total: 1 }));
  api.on('POST /auth/logout', ok({ message: 'Logged out' }));
});

describe('AccountView', () => {
  it('asks an anonymous visitor to sign in', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    const { host } = memoryHost();
    render(
      <TestProviders host={host} baseUrl={api.baseUrl}>
        <AccountView />
      </TestProviders>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('has the tabs Favorites, Alerts, Searches, Profile and Settings, opening on Favorites', async () => {
    const { user } = renderSignedIn(api.baseUrl, <AccountView />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Favorites',
      'Alerts',
      'Searches',
      'Profile',
      'Settings',
    ]);
    expect(await screen.findByRole('article', { name: '2011 BMW Model 1' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByText('Phone verified')).toBeTruthy();
  });

  it('leads from Settings to each page and back with Back to Settings', async () => {
    const { user } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    const pages: Array<[string, string]> = [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['FAQ and Help Center', 'FAQ and Help Center'],
      ['Send Feedback', 'Send Feedback'],
    ];
    for (const [entry, heading] of pages) {
      const list = screen.getByRole('list', { name: 'Settings' });
      await user.click(within(list).getByRole('button', { name: new RegExp(`^${entry}`) }));
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Back to Settings' }));
      expect(screen.getByRole('list', { name: 'Settings' })).toBeTruthy();
    }
  });

  it('states in the privacy policy what is stored and the 30-day deletion', async () => {
    const { user } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    await user.click(screen.getByRole('button', { name: /^Privacy Policy/ }));
    expect(screen.getByRole('heading', { name: 'What we store' })).toBeTruthy();
    expect(screen.getByText(/within 30 days of the request/)).toBeTruthy();
  });

  it('deletes the account with the password, then signs out and goes to browse', async () => {
    api.on('DELETE /account', ok({ deleted: true, erasedBy: '2026-12-01T10:00:00.000Z' }));
    const { user, store } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(within(dialog).getByText('Enter your password')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('heading', { name: 'Sign in to see your account' });
    const deletes = api.calls.filter((c) => c.method === 'DELETE' && c.path === '/account');
    expect(deletes.map((c) => c.body)).toEqual([{ password: 'correct-horse-1' }]);
    expect(useSession.getState().status).toBe('anonymous');
    expect(store.tokens).toBeNull();
    expect(useNavigation.getState().view).toBe('browse');
  });

  it("shows the server's refusal of a wrong password and keeps the user signed in", async () => {
    api.on('DELETE /account', fail(403, 'The password is not correct'));
    const { user } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The password is not correct');
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('cancelling the confirmation sends nothing', async () => {
    const { user } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs out from Settings and goes to browse', async () => {
    const { user, store } = renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Sign in to see your account' });
    expect(useSession.getState().status).toBe('anonymous');
    expect(store.tokens).toBeNull();
    expect(useNavigation.getState().view).toBe('browse');
  });

  it('offers Sign Out before Delete My Account, which comes last as a quiet danger button, not a filled one', async () => {
    renderSignedIn(api.baseUrl, <AccountView initialTab="settings" />);
    const panel = screen.getByRole('tabpanel', { name: 'Settings' });
    const names = within(panel)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names.slice(-2)).toEqual(['Sign Out', 'Delete My Account']);
    const remove = within(panel).getByRole('button', { name: 'Delete My Account' });
    expect(remove.className.split(' ')).toContain('danger-secondary');
    expect(remove.className.split(' ')).not.toContain('danger');
    expect(within(panel).getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
  });
});
