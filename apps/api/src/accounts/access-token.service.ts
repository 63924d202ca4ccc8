import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export type Role = 'customer' | 'dealer' | 'admin';

/** Who is calling, as proven by a valid access token. */
export interface AuthUser {
  id: string;
  role: Role;
  /** The sign-in (refresh-token family) the token was issued for, so logout can end just that session. */
  sessionId?: string;
}

/** Short-lived because it is never revoked: a stolen one is useful for minutes at most. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export class InvalidAccessTokenError extends Error {}

/** How many verified tokens are remembered; past it the oldest is forgotten (and checked again if it returns). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and checks the access JWT (HS256). Refresh tokens are opaque and live in the database instead. */
export class AccessTokenService {
  readonly #key: Uint8Array;
  /**
   * Tokens whose signature and claims were already checked, with their expiry. A signed-in client sends the same
   * token with every request for up to 15 minutes, and the HMAC check (through WebCrypto, asynchronous) is a
   * measurable share of a short request's CPU. Keyed by the whole token text, so any altered token is checked in full.
   */
  readonly #verified = new Map<string, { user: AuthUser; expiresAtMs: number }>();

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(user: AuthUser, now: Date = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(user.sessionId ? { role: user.role, sid: user.sessionId } : { role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('autoreel')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.#key);
  }

  async verify(token: string, now: Date = new Date()): Promise<AuthUser> {
    const known = this.#verified.get(token);
    if (known) {
      if (now.getTime() < known.expiresAtMs) return known.user;
      this.#verified.delete(token);
    }
    return this.#verifySignedToken(token, now);
  }

  async #verifySignedToken(token: string, now: Date): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: 'autoreel',
        algorithms: ['HS256'],
        currentDate: now,
      });
      const role = payload['role'];
      if (typeof payload.sub !== 'string' || (role !== 'customer' && role !== 'dealer' && role !== 'admin')) {
        throw new InvalidAccessTokenError('malformed claims');
      }
      const sessionId = payload['sid'];
      // Frozen: the same object answers every later request that carries this token.
      const user: AuthUser = Object.freeze(
        typeof sessionId === 'string' ? { id: payload.sub, role, sessionId } : { id: payload.sub, role },
      );
      // `exp` is optional to jwtVerify: only a token that expires is remembered.
      if (typeof payload.exp === 'number') this.#remember(token, user, payload.exp * 1000);
      return user;
    } catch (error) {
      if (error instanceof InvalidAccessTokenError || error instanceof joseErrors.JOSEError) {
        throw new InvalidAccessTokenError(error.message);
      }
      throw error;
    }
  }

  #remember(token: string, user: AuthUser, expiresAtMs: number): void {
    this.#verified.set(token, { user, expiresAtMs });
    if (this.#verified.size > VERIFIED_TOKENS_KEPT) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
  }
}
