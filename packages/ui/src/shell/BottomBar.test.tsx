import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountTab, dealerViewNeedsLogin, viewAfterLogin } from '../state/flow.ts';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { normaliseUser, useSession, type SessionUser } from '../state/session.ts';
import { demoUser, memoryHost } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { BottomBar } from './BottomBar.tsx';

const customer = normaliseUser(demoUser()) as SessionUser;
const dealer = normaliseUser(
  demoUser({ id: 'd1', role: 'dealer', type: 'dealer', dealerId: 'd1' }),
) as SessionUser;

function renderBar() {
  const { host } = memoryHost();
  return render(
    <TestProviders host={host} baseUrl="http://127.0.0.1:9/api">
      <BottomBar />
    </TestProviders>,
  );
}

describe('account tab rule', () => {
  it('reads Dashboard and opens dealer for a dealer, Account and account otherwise, login when logged out', () => {
    expect(accountTab('authenticated', dealer)).toEqual({ label: 'Dashboard', target: 'dealer' });
    expect(accountTab('authenticated', customer)).toEqual({ label: 'Account', target: 'account' });
    expect(accountTab('anonymous', null)).toEqual({ label: 'Account', target: 'login' });
  });

  it('sends a dealer to dealer, an admin to admin and anyone else to browse after login', () => {
    expect(viewAfterLogin(dealer)).toBe('dealer');
    expect(viewAfterLogin(normaliseUser(demoUser({ role: 'admin' })))).toBe('admin');
    expect(viewAfterLogin(customer)).toBe('browse');
    expect(viewAfterLogin(null)).toBe('browse');
  });

  it('asks for login when the dealer view is opened by anyone but a dealer', () => {
    expect(dealerViewNeedsLogin('dealer', 'anonymous', null)).toBe(true);
    expect(dealerViewNeedsLogin('dealer', 'authenticated', customer)).toBe(true);
    expect(dealerViewNeedsLogin('dealer', 'authenticated', dealer)).toBe(false);
    expect(dealerViewNeedsLogin('dealer', 'loading', null)).toBe(false);
    expect(dealerViewNeedsLogin('browse', 'anonymous', null)).toBe(false);
  });
});

describe('BottomBar', () => {
  beforeEach(() => resetNavigation());
  afterEach(() => cleanup());

  it('shows the six tabs in order', () => {
    useSession.setState({ status: 'anonymous', user: null });
    renderBar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Discover', 'Top Cars', 'Browse', 'Messages', 'Sell', 'Account']);
  });

  it('maps Top Cars to browse and Browse to the feed', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Top Cars' }));
    expect(useNavigation.getState().view).toBe('browse');
    await userEvent.click(screen.getByRole('link', { name: 'Browse' }));
    expect(useNavigation.getState().view).toBe('tiktok');
    expect(screen.getByRole('link', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens login from the last tab when logged out', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(useNavigation.getState()).toMatchObject({ loginOpen: true, view: 'tiktok' });
  });

  it('waits for the stored session when the last tab is tapped before it is read', async () => {
    useSession.setState({ status: 'loading', user: null });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(useNavigation.getState()).toMatchObject({ loginOpen: false, view: 'tiktok' });
    useSession.setState({ status: 'authenticated', user: customer });
    expect(useNavigation.getState()).toMatchObject({ loginOpen: false, view: 'account' });
  });

  it('labels the last tab Dashboard and opens dealer for a dealer', async () => {
    useSession.setState({ status: 'authenticated', user: dealer });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'dealer', loginOpen: false });
  });

  it('opens account for a signed-in customer', async () => {
    useSession.setState({ status: 'authenticated', user: customer });
    renderBar();
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'account', loginOpen: false });
  });
});
