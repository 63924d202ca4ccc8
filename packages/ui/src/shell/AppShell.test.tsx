import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_HEADER_QUERY } from '../kit/useMediaQuery.ts';
import { emitAppNavigate } from '../state/events.ts';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { resetSession, useSession } from '../state/session.ts';
import {
  demoUser,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { VIEW_COMPONENTS } from '../view-registry.tsx';
import { AppShell } from './AppShell.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
  api.on('GET /countries/picker', ok({ countries: [] }));
  api.on('POST /auth/logout', ok({}));
  api.on('GET /cars', ok({ cars: [], total: 0, nextCursor: null }));
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  resetSession();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A screen as wide as a desktop's (the header drawn) or a phone's (the bottom bar instead). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query === DESKTOP_HEADER_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderShell(path: string, user: Record<string, unknown> | null) {
  window.history.replaceState(null, '', path);
  api.on('GET /auth/me', ok({ user }));
  const { host, store } = memoryHost(user ? { tokens: { accessToken: 'a', refreshToken: 'r' }, user } : {});
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <AppShell views={VIEW_COMPONENTS} />
    </TestProviders>,
  );
  return { store, user: userEvent.setup() };
}

const header = () => screen.getByRole('banner');

describe('AppShell', () => {
  it("shows 'Loading...' while authentication resolves, then the feed by default", async () => {
    renderShell('/', null);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Car videos' })).toBeTruthy();
  });

  it('opens a shared link on the car detail view', async () => {
    api.on('GET /cars/car-77', ok({ id: 'car-77', make: 'Toyota', model: 'Hilux', year: 2021, price: 0 }));
    api.on('POST /ai/pricing-insights', ok({ marketPosition: null }));
    renderShell('/cars/car-77', null);
    await screen.findByRole('heading', { name: '2021 Toyota Hilux' });
    expect(useNavigation.getState().carId).toBe('car-77');
  });

  it('has the desktop header links and Sign In when logged out', async () => {
    const { user } = renderShell('/browse', null);
    await screen.findByRole('heading', { name: 'Premium Car Collection' });
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Browse Cars', 'AI Discovery', 'Sell Your Car', 'Messages', 'Account']);
    await user.click(within(header()).getByRole('button', { name: 'Search' }));
    expect(useNavigation.getState().view).toBe('discover');
    await user.click(within(header()).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('shows login over browse when the dealer view is opened by a customer; Back goes to browse', async () => {
    const { user } = renderShell('/dealer', demoUser());
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to AutoReel' }));
    await waitFor(() => expect(useNavigation.getState()).toMatchObject({ view: 'browse', loginOpen: false }));
    expect(window.location.pathname).toBe('/browse');
  });

  it('gives a dealer the Dashboard link and the dealer user menu', async () => {
    const dealer = demoUser({ name: 'Sizwe Motors', role: 'dealer', type: 'dealer', phone: '+26876000002' });
    const { user } = renderShell('/dealer', dealer);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(header()).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await user.click(within(header()).getByRole('button', { name: 'Account menu for Sizwe Motors' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('+26876000002')).toBeTruthy();
    expect(within(menu).getByText('Dealer Account')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Dealer Dashboard', 'Liked Cars', 'Account Settings', 'Sign Out']);
  });

  it('offers a dealer Sign Out once on the dashboard: in the user menu on a wide screen', async () => {
    screenWidth(true);
    const dealer = demoUser({ name: 'Sizwe Motors', role: 'dealer', type: 'dealer', phone: '+26876000002' });
    const { user } = renderShell('/dealer', dealer);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    await user.click(within(header()).getByRole('button', { name: 'Account menu for Sizwe Motors' }));
    await screen.findByRole('menu');
    expect(screen.getAllByText('Sign Out')).toHaveLength(1);
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
  });

  it("offers a dealer Sign Out once on the dashboard: the dashboard's own where no header is drawn", async () => {
    screenWidth(false);
    const dealer = demoUser({ name: 'Sizwe Motors', role: 'dealer', type: 'dealer', phone: '+26876000002' });
    const { user } = renderShell('/dealer', dealer);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getAllByText('Sign Out')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
  });

  it('shows an admin one role label, My Account for non-dealers, and signs out to browse', async () => {
    const admin = demoUser({ name: 'Ada Admin', role: 'admin' });
    const { user, store } = renderShell('/account', admin);
    await screen.findByRole('heading', { name: 'My Account' });
    await user.click(within(header()).getByRole('button', { name: 'Account menu for Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Admin Account')).toBeTruthy();
    expect(within(menu).queryByText('Customer Account')).toBeNull();
    expect(within(menu).queryByText('Admin')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
    expect(useNavigation.getState().view).toBe('browse');
    expect(store.tokens).toBeNull();
  });

  it('takes an admin to the admin page after signing in, and the header names them', async () => {
    const admin = demoUser({ name: 'AutoReel Admin', role: 'admin', phone: '+26876000001' });
    api.on('POST /auth/login', ok({ user: admin, accessToken: 'a1', refreshToken: 'r1' }));
    api.on('GET /dealers/admin/pending', ok({ applications: [] }));
    const { user } = renderShell('/browse', null);
    await screen.findByRole('heading', { name: 'Premium Car Collection' });
    await user.click(within(header()).getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Phone Number'), '76000001');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { name: 'Dealer Applications' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(useNavigation.getState().view).toBe('admin');
    expect(window.location.pathname).toBe('/admin');
    const account = within(header()).getByRole('button', { name: 'Account menu for AutoReel Admin' });
    // The whole name, not its first word 'AutoReel', which reads as the brand.
    expect(account.textContent).toContain('AutoReel Admin');
  });

  it('follows app-navigate events sent by any part of the page', async () => {
    renderShell('/', null);
    await screen.findByRole('heading', { name: 'Car videos' });
    act(() => emitAppNavigate('messages'));
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(window.location.pathname).toBe('/messages');
  });
});
