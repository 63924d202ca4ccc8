import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { UserRow } from './user.repository.ts';

/** The signed-in user's own account: profile edits. */
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

  /** The account's chosen country; null forgets it. Undefined when there is no such account. */
  async setCountry(
    userId: string,
    countryCode: string | null,
    now: Date,
  ): Promise<string | null | undefined> {
    const [row] = await this.#db
      .update(users)
      .set({ countryCode, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ countryCode: users.countryCode });
    return row ? row.countryCode : undefined;
  }
}
