import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { unauthenticated } from '../errors.ts';
import type { SessionRepository } from './session.repository.ts';
import type { AccessTokenService, Role } from './access-token.service.ts';

/** A refresh token lives 14 days past its last use, and a sign-in 30 days at most, however often it is used. */
export const REFRESH_IDLE_TTL_MS = 14 * 24 * 60 * 60_000;
export const REFRESH_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * How long a just-rotated refresh token may still be exchanged (Auth0's reuse interval): two tabs refreshing at the
 * same moment both get a working pair instead of signing the user out. A reuse after it still revokes the family.
 */
export const REFRESH_GRACE_MS = 10_000;

export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended. Contact AutoReel support if you think this is a mistake.';

export const SESSION_MESSAGES = {
  invalidRefresh: 'Invalid or expired refresh token',
  reused: 'This session was ended because its refresh token was used twice. Please sign in again.',
} as const;

/** What a refresh needs to know of the account behind a session. */
export interface AccountStanding {
  role: Role;
  suspended: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** 256 random bits; only its SHA-256 is stored, so a database leak yields no usable token. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Sessions in the Auth0 rotation model: every sign-in starts a family of refresh tokens; each use rotates the token;
 * presenting an already-rotated token after its short grace means it was copied, so the whole family is revoked
 * (OWASP ASVS 3.5).
 */
export class SessionService {
  readonly #repo: SessionRepository;
  readonly #tokens: AccessTokenService;
  readonly #now: () => Date;
  /**
   * The current standing of an account, read at every refresh so a promotion, demotion or suspension applies
   * within minutes; null when the account is gone or closed.
   */
  readonly #roleOf: (userId: string) => Promise<AccountStanding | null>;

  constructor(options: {
    repo: SessionRepository;
    tokens: AccessTokenService;
    now: () => Date;
    roleOf: (userId: string) => Promise<AccountStanding | null>;
  }) {
    this.#repo = options.repo;
    this.#tokens = options.tokens;
    this.#now = options.now;
    this.#roleOf = options.roleOf;
  }

  /** Starts a new session (a new family) for a user who just proved who they are. */
  async start(user: { id: string; role: Role }): Promise<TokenPair> {
    const now = this.#now();
    return this.#issue(user, randomUUID(), new Date(now.getTime() + REFRESH_ABSOLUTE_TTL_MS), now);
  }

  async #issue(user: { id: string; role: Role }, familyId: string, absoluteExpiresAt: Date, now: Date) {
    const refreshToken = newOpaqueToken();
    const idleEnd = now.getTime() + REFRESH_IDLE_TTL_MS;
    await this.#repo.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Math.min(idleEnd, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      now,
    });
    const accessToken = await this.#tokens.sign({ id: user.id, role: user.role, sessionId: familyId }, now);
    return { accessToken, refreshToken };
  }

  /**
   * Exchanges a refresh token for a new pair. Within the grace after its first use the same token gets another pair
   * of the same session (each as valid as the first); after it, the token can never be used again.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.#now();
    const row = await this.#repo.findRefreshToken(hashToken(refreshToken));
    if (!row || row.revokedAt) throw unauthenticated(SESSION_MESSAGES.invalidRefresh);
    const graceStart = new Date(now.getTime() - REFRESH_GRACE_MS);
    if (row.usedAt && row.usedAt.getTime() <= graceStart.getTime()) {
      await this.#repo.revokeFamily(row.familyId, now);
      throw unauthenticated(SESSION_MESSAGES.reused);
    }
    if (row.expiresAt.getTime() <= now.getTime() || row.absoluteExpiresAt.getTime() <= now.getTime()) {
      throw unauthenticated(SESSION_MESSAGES.invalidRefresh);
    }
    const standing = await this.#roleOf(row.userId);
    if (!standing) throw unauthenticated(SESSION_MESSAGES.invalidRefresh);
    // 401 like any refused refresh, so every client signs out; the message says why.
    if (standing.suspended) throw unauthenticated(ACCOUNT_SUSPENDED_MESSAGE);
    const { role } = standing;
    const pair = await this.#repo.transaction(async (tx) => {
      if (!(await tx.claimRotation(row.id, now, graceStart))) return null;
      const rotated = new SessionService({
        repo: tx,
        tokens: this.#tokens,
        now: this.#now,
        roleOf: this.#roleOf,
      });
      return rotated.#issue({ id: row.userId, role }, row.familyId, row.absoluteExpiresAt, now);
    });
    if (!pair) {
      // The token was revoked, or its grace ran out, while this request was on its way: a copy is in use somewhere.
      await this.#repo.revokeFamily(row.familyId, now);
      throw unauthenticated(SESSION_MESSAGES.reused);
    }
    return pair;
  }

  /** Ends the session a refresh token belongs to. Unknown tokens are ignored: logging out is idempotent. */
  async endByRefreshToken(refreshToken: string): Promise<void> {
    const row = await this.#repo.findRefreshToken(hashToken(refreshToken));
    if (row) await this.#repo.revokeFamily(row.familyId, this.#now());
  }

  async endSession(sessionId: string): Promise<void> {
    await this.#repo.revokeFamily(sessionId, this.#now());
  }

  async endAllSessions(userId: string): Promise<void> {
    await this.#repo.revokeAllForUser(userId, this.#now());
  }
}
