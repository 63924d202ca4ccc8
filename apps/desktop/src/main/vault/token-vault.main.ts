import { REFRESH_HELD_BY_MAIN, type RendererTokens, type VaultKind } from '../../shared/ipc-contract.ts';
import type { SecretStore } from './secret-store.main.ts';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export class NoSessionError extends Error {
  constructor() {
    super('There is no session to update: sign in again');
    this.name = 'NoSessionError';
  }
}

function parseTokens(text: string | null): SessionTokens | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionTokens>;
    if (
      typeof value.accessToken === 'string' &&
      typeof value.refreshToken === 'string' &&
      value.refreshToken
    ) {
      return { accessToken: value.accessToken, refreshToken: value.refreshToken };
    }
  } catch {
    // A damaged entry is no session; it is cleared below.
  }
  return null;
}

/**
 * The session's tokens, owned by the main process. Both are kept in one keychain entry; the renderer only ever
 * reads the access token (short-lived) and a marker in place of the refresh token. Reads are served from memory
 * after the first, because the API client asks before every request.
 */
export class TokenVault {
  readonly #store: SecretStore;
  #cache: SessionTokens | null | undefined;

  constructor(store: SecretStore) {
    this.#store = store;
  }

  get kind(): VaultKind {
    return this.#store.kind;
  }

  async load(): Promise<SessionTokens | null> {
    if (this.#cache !== undefined) return this.#cache;
    const text = await this.#store.get();
    const tokens = parseTokens(text);
    if (text && !tokens) await this.#store.delete();
    this.#cache = tokens;
    return tokens;
  }

  /** What the renderer may see: the access token, and the marker instead of the refresh token. */
  async forRenderer(): Promise<RendererTokens | null> {
    const tokens = await this.load();
    return tokens ? { accessToken: tokens.accessToken, refreshToken: REFRESH_HELD_BY_MAIN } : null;
  }

  /**
   * Stores a pair. A save carrying the marker only replaces the access token (the renderer never has the real
   * refresh token to send back); with no session stored it is refused.
   */
  async save(tokens: SessionTokens): Promise<void> {
    let next = tokens;
    if (tokens.refreshToken === REFRESH_HELD_BY_MAIN) {
      const current = await this.load();
      if (!current) throw new NoSessionError();
      next = { accessToken: tokens.accessToken, refreshToken: current.refreshToken };
    }
    await this.#store.set(JSON.stringify(next));
    this.#cache = next;
  }

  /** Logout and a failed refresh end here: the keychain entry is deleted. */
  async clear(): Promise<void> {
    this.#cache = null;
    await this.#store.delete();
  }
}
