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

/** Signs and checks the access JWT (HS256). Refresh tokens are opaque and live in the database instead. */
export class AccessTokenService {
  readonly #key: Uint8Array;

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
      return typeof sessionId === 'string' ? { id: payload.sub, role, sessionId } : { id: payload.sub, role };
    } catch (error) {
      if (error instanceof InvalidAccessTokenError || error instanceof joseErrors.JOSEError) {
        throw new InvalidAccessTokenError(error.message);
      }
      throw error;
    }
  }
}
