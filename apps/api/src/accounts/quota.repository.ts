import { and, eq, lt, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import { listingDays, mediaObjects, uploadReservations, users } from '../db/schema/index.ts';

export type ReserveOutcome =
  { kind: 'reserved'; id: string } | { kind: 'over'; usedBytes: number } | { kind: 'no-account' };

/** The counters behind the per-account quotas: stored bytes with uploads in progress, and listings per day. */
export class QuotaRepository {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Holds `bytes` against the account's quota when what it keeps stored, plus every live reservation, plus
   * `bytes` fits in `limit`. The account's row is locked for the check, so concurrent uploads of one account are
   * decided one after the other (FOR NO KEY UPDATE leaves other writes that reference the account unblocked).
   */
  async reserveUpload(
    userId: string,
    bytes: number,
    limit: number,
    now: Date,
    expiresAt: Date,
  ): Promise<ReserveOutcome> {
    return this.#db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!account) return { kind: 'no-account' as const };
      await tx
        .delete(uploadReservations)
        .where(and(eq(uploadReservations.userId, userId), lt(uploadReservations.expiresAt, now)));
      // One statement, so one snapshot: an upload ending meanwhile stores its file's row, then drops its
      // reservation, and two statements could read the row as not yet there and the reservation as already gone.
      const result = await tx.execute(sql`
        select
          (select coalesce(sum(${mediaObjects.size}), 0) from ${mediaObjects}
            where ${mediaObjects.ownerId} = ${userId})
          + (select coalesce(sum(${uploadReservations.bytes}), 0) from ${uploadReservations}
            where ${uploadReservations.userId} = ${userId}) as bytes`);
      const usedBytes = Number(resultRows<{ bytes: string | number }>(result)[0]?.bytes ?? 0);
      if (usedBytes + bytes > limit) return { kind: 'over' as const, usedBytes };
      const [row] = await tx
        .insert(uploadReservations)
        .values({ userId, bytes, expiresAt, createdAt: now })
        .returning({ id: uploadReservations.id });
      if (!row) throw new Error('reservation insert returned no row');
      return { kind: 'reserved' as const, id: row.id };
    });
  }

  async releaseUpload(id: string): Promise<void> {
    await this.#db.delete(uploadReservations).where(eq(uploadReservations.id, id));
  }

  /**
   * Counts one listing for the account on `day` unless it already reached `limit`; one statement, so concurrent
   * creations cannot both take the last slot (the conflicting row is locked and its count read again).
   */
  async takeListingSlot(userId: string, day: string, limit: number): Promise<boolean> {
    const rows = await this.#db
      .insert(listingDays)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({
        target: [listingDays.userId, listingDays.day],
        set: { count: sql`${listingDays.count} + 1` },
        setWhere: sql`${listingDays.count} < ${limit}`,
      })
      .returning({ count: listingDays.count });
    return rows.length > 0;
  }
}
