import { readRefreshedAccessToken, readRefreshedRefreshToken } from '@autoreel/core';
import { REFRESH_HELD_BY_MAIN, type AuthCallResult, type AuthEndpoint } from '../../shared/ipc-contract.ts';
import type { TokenVault } from './token-vault.main.ts';

export interface AuthProxyOptions {
  vault: TokenVault;
  /** The configured API base, read at each call so a changed preference applies at once. */
  apiBaseUrl: () => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const signedOut = (message: string): AuthCallResult => ({
  status: 401,
  body: { success: false, error: 'Unauthorized', message },
});

/** Replaces every refresh token in an answer with the marker, wherever the API put it. */
function withoutRefreshToken(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutRefreshToken);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) =>
      key === 'refreshToken' || key === 'refresh_token'
        ? [key, REFRESH_HELD_BY_MAIN]
        : [key, withoutRefreshToken(value)],
    ),
  );
}

/**
 * Makes the API calls whose bodies carry a refresh token, so that token is read from and written to the
 * keychain by main and never reaches the renderer: sign-in and sign-up verification (the pair is stored),
 * refresh (the stored token is sent and the rotated pair stored; a failure clears the vault) and logout (the
 * stored token is revoked, then the vault cleared whatever the API says).
 */
export class AuthProxy {
  readonly #options: Required<Omit<AuthProxyOptions, 'fetch'>> & { fetch: typeof fetch };

  constructor(options: AuthProxyOptions) {
    this.#options = { timeoutMs: 20_000, fetch: globalThis.fetch.bind(globalThis), ...options };
  }

  async #post(endpoint: AuthEndpoint, body: unknown, accessToken?: string): Promise<AuthCallResult> {
    const url = `${this.#options.apiBaseUrl().replace(/\/+$/, '')}/auth/${endpoint}`;
    const response = await this.#options.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(this.#options.timeoutMs),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    } catch {
      return { status: response.status, body: text };
    }
  }

  async call(endpoint: AuthEndpoint, body: unknown): Promise<AuthCallResult> {
    switch (endpoint) {
      case 'login':
      case 'verify-signup':
        return this.#signIn(endpoint, body);
      case 'refresh-token':
        return this.#refresh();
      case 'logout':
        return this.#logout();
    }
  }

  async #signIn(endpoint: AuthEndpoint, body: unknown): Promise<AuthCallResult> {
    const result = await this.#post(endpoint, body);
    const accessToken = result.status < 400 ? readRefreshedAccessToken(result.body) : null;
    const refreshToken = result.status < 400 ? readRefreshedRefreshToken(result.body) : null;
    if (accessToken && refreshToken) await this.#options.vault.save({ accessToken, refreshToken });
    return { status: result.status, body: withoutRefreshToken(result.body) };
  }

  async #refresh(): Promise<AuthCallResult> {
    const stored = await this.#options.vault.load();
    if (!stored) return signedOut('Session expired, please log in again');
    let result: AuthCallResult;
    try {
      result = await this.#post('refresh-token', { refreshToken: stored.refreshToken });
    } catch (error) {
      // SPEC 8: a network error during refresh logs the user out too.
      await this.#options.vault.clear();
      throw error;
    }
    const accessToken = result.status < 400 ? readRefreshedAccessToken(result.body) : null;
    if (!accessToken) {
      await this.#options.vault.clear();
      return { status: result.status >= 400 ? result.status : 401, body: result.body };
    }
    await this.#options.vault.save({
      accessToken,
      refreshToken: readRefreshedRefreshToken(result.body) ?? stored.refreshToken,
    });
    return { status: result.status, body: withoutRefreshToken(result.body) };
  }

  async #logout(): Promise<AuthCallResult> {
    const stored = await this.#options.vault.load();
    try {
      if (!stored) return { status: 200, body: { success: true, data: null } };
      return await this.#post('logout', { refreshToken: stored.refreshToken }, stored.accessToken);
    } finally {
      await this.#options.vault.clear();
    }
  }
}
