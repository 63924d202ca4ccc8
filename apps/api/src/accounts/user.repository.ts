import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dealers, otpChallenges, users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** What a sign-up did to the phone's account: made it, replaced a stale pending one, kept a guarded one, or none. */
export type PendingSignupOutcome = 'created' | 'replaced' | 'kept' | 'registered';

export interface SignupDetails {
  name: string;
  phone: string;
  email: string | null;
  passwordHash: string;
  now: Date;
}

/** Accounts: lookups by id and phone, sign-up upserts and the sign-in failure counters. */
export class UserRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The same statements inside a transaction. */
  in(tx: Database): UserRepository {
    return new UserRepository(tx);
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
  async upsertUnverified(values: SignupDetails): Promise<UserRow | undefined> {
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

  /**
   * Places a sign-up's details on the phone's account. A pending account whose sign-up code is still live keeps the
   * details it has: the sign-up that sent that code stands until the code expires, so no one can swap in a password
   * of their own while its owner types the code. (A code used meanwhile counts as live too: its account is being
   * verified.) Run it under the phone's send lock, where codes are issued, so that the decision and the code it
   * leads to are one step.
   */
  async placePendingSignup(details: SignupDetails): Promise<PendingSignupOutcome> {
    const existing = await this.findByPhone(details.phone);
    if (existing?.isPhoneVerified) return 'registered';
    if (existing && (await this.#hasLiveSignupCode(details.phone, details.now))) return 'kept';
    const row = await this.upsertUnverified(details);
    if (!row) return 'registered';
    return existing ? 'replaced' : 'created';
  }

  async #hasLiveSignupCode(phone: string, now: Date): Promise<boolean> {
    const rows = await this.#db
      .select({ id: otpChallenges.id })
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phone, phone),
          eq(otpChallenges.purpose, 'signup'),
          isNull(otpChallenges.voidedAt),
          gt(otpChallenges.expiresAt, now),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Verifies a pending account, with the details its code holder chose if any. */
  async markPhoneVerified(
    id: string,
    now: Date,
    details: { name?: string; passwordHash?: string } = {},
  ): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .update(users)
      .set({ ...details, isPhoneVerified: true, updatedAt: now })
      .where(and(eq(users.id, id), eq(users.isPhoneVerified, false)))
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
