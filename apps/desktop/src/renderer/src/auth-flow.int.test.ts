import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@autoreel/api-client';
import { createTestServer, type TestServer } from '../../../../api/test/harness.ts';
import { signUpVerified, testClock } from '../../../../api/test/auth-helpers.ts';
import { REFRESH_HELD_BY_MAIN } from '../../shared/ipc-contract.ts';
import { consoleServices } from '../../main/ipc/console-services.test-support.ts';
import { inProcessBridge } from '../../main/ipc/in-process-bridge.test-support.ts';
import { requestSchemas } from '../../main/ipc/ipc-schemas.main.ts';
import { createDesktopHost } from './desktop-host.ts';
import { createMainRoutedFetch } from './main-routed-fetch.ts';

/**
 * The whole desktop session path against the real API (PGlite): the shared API client in the renderer, the
 * main-routed fetch, the validating IPC dispatcher, the auth proxy and the token vault in main.
 */
const clock = testClock();
let server: TestServer;
let apiBaseUrl: string;

beforeAll(async () => {
  server = await createTestServer({ now: clock.now });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  apiBaseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function renderer() {
  const console = consoleServices({ apiBaseUrl });
  const bridge = inProcessBridge(console.handlers, requestSchemas);
  const host = createDesktopHost(bridge, new Map() as unknown as Storage);
  const seen: { url: string; body: string | undefined }[] = [];
  const pageFetch: typeof fetch = (input, init) => {
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return fetch(input, init);
  };
  let ended = 0;
  const client = createApiClient({
    baseUrl: apiBaseUrl,
    tokens: host.tokens,
    fetch: createMainRoutedFetch(pageFetch, bridge, apiBaseUrl),
    onSessionEnded: () => (ended += 1),
  });
  return { ...console, host, client, seen, ended: () => ended };
}

describe('desktop session against the real API', () => {
  it('signs in through main: the vault holds the refresh token, the page only a marker', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    const answer = await page.client.post('/auth/login', {
      phone: account.phone,
      password: account.password,
    });
    expect(answer.refreshToken).toBe(REFRESH_HELD_BY_MAIN);
    const stored = await page.services.vault.load();
    expect(stored?.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(stored?.accessToken).toBe(answer.accessToken);
    expect(await page.host.tokens.load()).toEqual({
      accessToken: answer.accessToken,
      refreshToken: REFRESH_HELD_BY_MAIN,
    });
    // The login went to main, not through the page's own fetch.
    expect(page.seen).toEqual([]);
    page.cleanup();
  });

  it('refreshes an expired access token in main, rotating the stored refresh token', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    await page.client.post('/auth/login', { phone: account.phone, password: account.password });
    const before = await page.services.vault.load();

    // The API's answer to an expired token and to a damaged one is the same 401 ('Invalid or expired token').
    await page.host.tokens.save({
      accessToken: `${before!.accessToken}x`,
      refreshToken: REFRESH_HELD_BY_MAIN,
    });
    const me = await page.client.get('/auth/me');
    expect(JSON.stringify(me)).toContain(account.phone);

    const after = await page.services.vault.load();
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.accessToken).not.toBe(`${before!.accessToken}x`);
    // The page's own requests never carried a refresh token.
    expect(page.seen.map((s) => s.url)).toEqual([`${apiBaseUrl}/auth/me`, `${apiBaseUrl}/auth/me`]);
    expect(page.seen.some((s) => s.body?.includes(after!.refreshToken))).toBe(false);
    expect(page.ended()).toBe(0);
    page.cleanup();
  });

  it('clears the vault when the refresh is refused (a revoked session) and ends the session', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    await page.client.post('/auth/login', { phone: account.phone, password: account.password });
    const stored = await page.services.vault.load();
    // Another device revoked this session.
    const revoked = await fetch(`${apiBaseUrl}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored!.refreshToken }),
    });
    expect(revoked.status).toBe(200);

    await page.host.tokens.save({
      accessToken: `${stored!.accessToken}x`,
      refreshToken: REFRESH_HELD_BY_MAIN,
    });
    await expect(page.client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(await page.services.vault.load()).toBeNull();
    expect(await page.host.tokens.load()).toBeNull();
    expect(page.ended()).toBe(1);
    page.cleanup();
  });

  it('logs out with the stored refresh token, which the API then refuses, and clears the vault', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    await page.client.post('/auth/login', { phone: account.phone, password: account.password });
    const stored = await page.services.vault.load();
    await page.client.post('/auth/logout', { refreshToken: REFRESH_HELD_BY_MAIN });
    expect(await page.services.vault.load()).toBeNull();
    const reuse = await fetch(`${apiBaseUrl}/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored!.refreshToken }),
    });
    expect(reuse.status).toBe(401);
    page.cleanup();
  });

  it('passes a refused sign-in through unchanged and stores nothing', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    await expect(
      page.client.post('/auth/login', { phone: account.phone, password: 'wrong-password-1' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await page.services.vault.load()).toBeNull();
    page.cleanup();
  });

  it('treats an unreachable API during refresh as the end of the session (SPEC 8)', async () => {
    const account = await signUpVerified(server, clock);
    const page = renderer();
    await page.client.post('/auth/login', { phone: account.phone, password: account.password });
    // The console is pointed at an address where nothing listens.
    page.services.preferences.set({ apiBaseUrl: 'http://127.0.0.1:9/api' });
    const offline = createApiClient({
      baseUrl: apiBaseUrl,
      tokens: page.host.tokens,
      fetch: createMainRoutedFetch(
        fetch,
        inProcessBridge(page.handlers, requestSchemas),
        'http://127.0.0.1:9/api',
      ),
    });
    await expect(offline.refreshSession()).resolves.toBeNull();
    expect(await page.services.vault.load()).toBeNull();
    page.cleanup();
  });
});
