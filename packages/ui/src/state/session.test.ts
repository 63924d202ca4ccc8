import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_EVENTS } from './events.ts';
import {
  isDealer,
  normaliseUser,
  resetSession,
  roleLabel,
  signIn,
  signOut,
  startSession,
  useSession,
} from './session.ts';
import {
  clientFor,
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  resetSession();
});

function onLogout() {
  const listener = vi.fn();
  window.addEventListener(APP_EVENTS.authLogout, listener);
  return listener;
}

describe('stored users', () => {
  it('accepts id or _id and reads the older user role as customer', () => {
    expect(normaliseUser({ _id: 'x', name: 'A', role: 'user', phone: '+1' })).toMatchObject({
      id: 'x',
      _id: 'x',
      role: 'customer',
    });
    expect(normaliseUser({ name: 'No id' })).toBeNull();
    expect(normaliseUser('nonsense')).toBeNull();
  });

  it('labels dealers, customers and admins', () => {
    const dealer = normaliseUser(demoUser({ role: 'dealer' }));
    const customer = normaliseUser(demoUser());
    expect(dealer && roleLabel(dealer)).toBe('Dealer Account');
    expect(customer && roleLabel(customer)).toBe('Customer Account');
    const admin = normaliseUser(demoUser({ role: 'admin' }));
    expect(admin && roleLabel(admin)).toBe('Admin Account');
    expect(isDealer(normaliseUser(demoUser({ type: 'dealer' })))).toBe(true);
  });
});

describe('session start', () => {
  it('is anonymous without stored tokens and makes no call', async () => {
    const { host } = memoryHost();
    await startSession(clientFor(api.baseUrl, host), host);
    expect(useSession.getState().status).toBe('anonymous');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the stored session at once and refreshes the user from GET /auth/me', async () => {
    api.on('GET /auth/me', async () => {
      // The stored session must be visible before the answer arrives.
      expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { name: 'Old Name' } });
      return ok({ user: demoUser({ name: 'New Name' }) });
    });
    const { host, store } = memoryHost({
      tokens: { accessToken: 'a', refreshToken: 'r' },
      user: demoUser({ name: 'Old Name' }),
    });
    await startSession(clientFor(api.baseUrl, host), host);
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { name: 'New Name' } });
    expect(store.user).toMatchObject({ name: 'New Name' });
    expect(api.calls[0]?.authorization).toBe('Bearer a');
  });

  it('logs out and broadcasts auth:logout when the server rejects the session', async () => {
    api.on('GET /auth/me', fail(403, 'Account disabled'));
    const listener = onLogout();
    const { host, store } = memoryHost({ tokens: { accessToken: 'a', refreshToken: 'r' }, user: demoUser() });
    await startSession(clientFor(api.baseUrl, host), host);
    expect(useSession.getState().status).toBe('anonymous');
    expect(store).toEqual({ tokens: null, user: null });
    expect(listener).toHaveBeenCalled();
    window.removeEventListener(APP_EVENTS.authLogout, listener);
  });

  it('keeps the session on a network error', async () => {
    const { host, store } = memoryHost({ tokens: { accessToken: 'a', refreshToken: 'r' }, user: demoUser() });
    // Port 9 (discard) has nothing listening on loopback: the request never gets an answer.
    await startSession(clientFor('http://127.0.0.1:9/api', host), host);
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
    expect(store.tokens).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });
});

describe('sign in and out', () => {
  it('stores tokens and user on sign-in, and clears them with a broadcast on sign-out', async () => {
    api.on('POST /auth/logout', ok({}));
    const listener = onLogout();
    const { host, store } = memoryHost();
    await signIn(host, { user: demoUser(), accessToken: 'a', refreshToken: 'r' });
    expect(useSession.getState().status).toBe('authenticated');
    expect(store.tokens).toEqual({ accessToken: 'a', refreshToken: 'r' });

    await signOut(clientFor(api.baseUrl, host), host);
    expect(api.calls.find((c) => c.path === '/auth/logout')?.body).toEqual({ refreshToken: 'r' });
    expect(store).toEqual({ tokens: null, user: null });
    expect(useSession.getState()).toEqual({ status: 'anonymous', user: null });
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(APP_EVENTS.authLogout, listener);
  });
});

describe('stale answers', () => {
  it('drops a slow GET /auth/me that answers after someone else signed in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on('GET /auth/me', async () => {
      await gate;
      return ok({ user: demoUser({ name: 'Old Account' }) });
    });
    const { host } = memoryHost({ tokens: { accessToken: 'a', refreshToken: 'r' }, user: demoUser() });
    const starting = startSession(clientFor(api.baseUrl, host), host);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await signIn(host, {
      user: demoUser({ id: 'u2', name: 'New Account' }),
      accessToken: 'b',
      refreshToken: 's',
    });
    release();
    await starting;
    expect(useSession.getState().user).toMatchObject({ id: 'u2', name: 'New Account' });
  });
});
