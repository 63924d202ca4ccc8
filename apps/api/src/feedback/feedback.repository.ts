import { and, asc, eq, inArray, isNull, lte, min } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedback, users } from '../db/schema/index.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;

/** Stored feedback and the state of its delivery to the webhook. */
export class FeedbackRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(values: NewFeedback): Promise<string> {
    const [row] = await this.#db.insert(feedback).values(values).returning({ id: feedback.id });
    if (!row) throw new Error('feedback insert returned no row');
    return row.id;
  }

  async findUser(userId: string) {
    const [row] = await this.#db
      .select({ name: users.name, phone: users.phone, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /**
   * Takes up to `limit` undelivered rows that are due and pushes their next attempt to `leaseUntil`, so another
   * API process sharing the database skips them while this one delivers; a crash mid-delivery only delays them.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<FeedbackRow[]> {
    return this.#db.transaction(async (tx) => {
      const due = await tx
        .select({ id: feedback.id })
        .from(feedback)
        .where(and(isNull(feedback.deliveredAt), lte(feedback.nextAttemptAt, now)))
        .orderBy(asc(feedback.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(feedback)
        .set({ nextAttemptAt: leaseUntil })
        .where(
          inArray(
            feedback.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async markDelivered(id: string, attempts: number, at: Date): Promise<void> {
    await this.#db
      .update(feedback)
      .set({ deliveredAt: at, deliveryAttempts: attempts, nextAttemptAt: null, lastError: null })
      .where(eq(feedback.id, id));
  }

  async markFailed(id: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.#db
      .update(feedback)
      .set({ deliveryAttempts: attempts, nextAttemptAt, lastError: error })
      .where(eq(feedback.id, id));
  }

  /** Gives back a claimed row without counting an attempt (the process is stopping). */
  async release(id: string, nextAttemptAt: Date): Promise<void> {
    await this.#db
      .update(feedback)
      .set({ nextAttemptAt })
      .where(and(eq(feedback.id, id), isNull(feedback.deliveredAt)));
  }

  /** When the earliest undelivered row falls due, or null when everything was delivered. */
  async nextDueAt(): Promise<Date | null> {
    const [row] = await this.#db
      .select({ at: min(feedback.nextAttemptAt) })
      .from(feedback)
      .where(isNull(feedback.deliveredAt));
    return row?.at ?? null;
  }
}
