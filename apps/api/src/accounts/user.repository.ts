import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dealers, users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Accounts: lookups by id and phone, sign-up upserts and the sign-in failure counters. */
export class UserRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.#db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.#db.select().from(users).where(eq(users.phone, phone)).limit(1);
    return row;
  }

  /** The user's dealership id, if they own one. */
  async findDealerId(userId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.userId, userId))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * Creates an unverified account, or replaces the details of one that was never verified (someone retrying a
   * sign-up). Answers undefined when the phone belongs to a verified account, which is left untouched; the single
   * statement makes that decision safe against concurrent sign-ups for the same phone.
   */
  async upsertUnverified(values: {
    name: string;
    phone: string;
    email: string | null;
    passwordHash: string;
    now: Date;
  }): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .insert(users)
      .values({ ...values, createdAt: values.now, updatedAt: values.now, isPhoneVerified: false })
      .onConflictDoUpdate({
        target: users.phone,
        set: {
          name: values.name,
          email: values.email,
          passwordHash: values.passwordHash,
          createdAt: values.now,
          updatedAt: values.now,
          failedLoginCount: 0,
          lastFailedLoginAt: null,
          lockedAt: null,
        },
        setWhere: eq(users.isPhoneVerified, false),
      })
      .returning();
    return row;
  }

  async markPhoneVerified(id: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .update(users)
      .set({ isPhoneVerified: true, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Counts one more failed sign-in in a single statement (no lost updates) and locks at the threshold. */
  /** A new password also unlocks the account: proving control of the phone is the way out of a lockout. */
  async setPassword(id: string, passwordHash: string, now: Date): Promise<void> {
    await this.#db
      .update(users)
      .set({ passwordHash, failedLoginCount: 0, lastFailedLoginAt: null, lockedAt: null, updatedAt: now })
      .where(eq(users.id, id));
  }

  /** Creates a verified admin, or promotes the existing account of that phone (scripts/admin-create.ts). */
  async upsertAdmin(values: {
    name: string;
    phone: string;
    passwordHash: string;
    now: Date;
  }): Promise<{ row: UserRow; created: boolean }> {
    const existing = await this.findByPhone(values.phone);
    const [row] = await this.#db
      .insert(users)
      .values({
        ...values,
        role: 'admin',
        isPhoneVerified: true,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoUpdate({
        target: users.phone,
        set: {
          name: values.name,
          passwordHash: values.passwordHash,
          role: 'admin',
          isPhoneVerified: true,
          failedLoginCount: 0,
          lastFailedLoginAt: null,
          lockedAt: null,
          updatedAt: values.now,
        },
      })
      .returning();
    if (!row) throw new Error('admin upsert returned no row');
    return { row, created: !existing };
  }
}
