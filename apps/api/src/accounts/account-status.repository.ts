import { and, eq, exists, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { refreshTokens, users } from '../db/schema/index.ts';

/**
 * Whether a signed-in caller's account and sign-in still stand (one primary-key read per signed-in request), and
 * the suspension that decides part of it.
 */
export class AccountStatusRepository {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * True when the account exists, is neither suspended nor closed (DELETE /account), and, for a token issued to a
   * sign-in, that sign-in still has a refresh token not revoked (logout, reuse detection and account deletion revoke
   * whole families).
   */
  async isActive(userId: string, sessionId: string | undefined): Promise<boolean> {
    const conditions = [eq(users.id, userId), isNull(users.suspendedAt), isNull(users.deletionRequestedAt)];
    if (sessionId !== undefined) {
      conditions.push(
        exists(
          this.#db
            .select({ one: refreshTokens.id })
            .from(refreshTokens)
            .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt))),
        ),
      );
    }
    const rows = await this.#db
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  /** Suspends (at) or restores (null) an account; false when there is no such account. */
  async setSuspended(userId: string, at: Date | null): Promise<boolean> {
    const rows = await this.#db
      .update(users)
      .set({ suspendedAt: at, ...(at ? { updatedAt: at } : {}) })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
