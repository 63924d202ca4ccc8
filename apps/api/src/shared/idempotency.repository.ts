import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface IdempotencyId {
  userId: string;
  scope: string;
  key: string;
}

/** Claims and answers of Idempotency-Key headers; always used inside the transaction that does the work. */
export class IdempotencyRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The same statements inside the transaction of the work they guard. */
  in(tx: Database): IdempotencyRepository {
    return new IdempotencyRepository(tx);
  }

  #where(id: IdempotencyId) {
    return and(
      eq(idempotencyKeys.userId, id.userId),
      eq(idempotencyKeys.scope, id.scope),
      eq(idempotencyKeys.key, id.key),
    );
  }

  async deleteIfOlderThan(id: IdempotencyId, before: Date): Promise<void> {
    await this.#db.delete(idempotencyKeys).where(and(this.#where(id), lt(idempotencyKeys.createdAt, before)));
  }

  /**
   * Inserts the claim. A concurrent claim of the same key waits on the primary key until the first transaction
   * ends, then inserts nothing; so exactly one request does the work.
   */
  async claim(id: IdempotencyId, response: unknown): Promise<boolean> {
    const rows = await this.#db
      .insert(idempotencyKeys)
      .values({ ...id, response })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  async find(id: IdempotencyId): Promise<IdempotencyRow | null> {
    const [row] = await this.#db.select().from(idempotencyKeys).where(this.#where(id)).limit(1);
    return row ?? null;
  }

  /** `outcome` fills the status column, whose null marks a claim still being worked on. */
  async complete(id: IdempotencyId, outcome: 'answered' | 'refused', response: unknown): Promise<void> {
    await this.#db.update(idempotencyKeys).set({ statusCode: outcome, response }).where(this.#where(id));
  }
}
