import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { UserRow } from './user.repository.ts';

/** The signed-in user's own account: profile edits and the deletion request. */
export class AccountRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** An email left undefined is kept; null removes it. */
  async updateProfile(
    userId: string,
    values: { name: string; email?: string | null | undefined },
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .update(users)
      .set({
        name: values.name,
        ...(values.email === undefined ? {} : { email: values.email }),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }

  /**
   * Records the request unless one is already pending, in one statement so two taps at once record one request.
   * Answers the updated row, or undefined when nothing changed (no such user, or a request already pending).
   */
  async recordDeletionRequest(userId: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .update(users)
      .set({ deletionRequestedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)))
      .returning();
    return row;
  }
}
