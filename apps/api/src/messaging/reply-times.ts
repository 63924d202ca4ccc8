import { replyTimeOf, REPLY_TIME_WINDOW_DAYS, type ReplyTime } from '@autoreel/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import { sellerReplyTimes } from '../db/schema/index.ts';

/** How often every seller's reply time is worked out again, so the 90-day window and the 7-day wait slide. */
export const REPLY_TIMES_INTERVAL_MINUTES = 60;

/**
 * Sellers' reply times: a figure per seller (seller_reply_times), refreshed from each conversation's opening and
 * first reply (conversation_first_replies, kept by a trigger on messages: migration 0023). A first reply refreshes
 * its seller at once; this job refreshes every seller with a conversation in the window hourly. Reading is by key.
 */
export class ReplyTimeRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** One seller's reply time, or null (none stored, or under 3 conversations). */
  async forSeller(userId: string): Promise<ReplyTime> {
    const [row] = await this.#db
      .select({ median: sellerReplyTimes.medianMinutes, sample: sellerReplyTimes.sample })
      .from(sellerReplyTimes)
      .where(eq(sellerReplyTimes.userId, userId))
      .limit(1);
    return row ? replyTimeOf(row.median, row.sample) : null;
  }

  /** Several sellers' reply times by user id (absent ones are null). */
  async forSellers(userIds: readonly string[]): Promise<Map<string, ReplyTime>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .select({
        userId: sellerReplyTimes.userId,
        median: sellerReplyTimes.medianMinutes,
        sample: sellerReplyTimes.sample,
      })
      .from(sellerReplyTimes)
      .where(inArray(sellerReplyTimes.userId, [...new Set(userIds)]));
    return new Map(rows.map((row) => [row.userId, replyTimeOf(row.median, row.sample)]));
  }

  /**
   * Works out again, as of `now`, every seller with a conversation opened in the window (or a figure that may now
   * have none); answers how many sellers were refreshed.
   */
  async refreshAll(now: Date): Promise<number> {
    const at = now.toISOString();
    const rows = resultRows<{ refreshed: number }>(
      await this.#db.execute(sql`
        select count(*)::int as refreshed from (
          select autoreel_refresh_reply_time(s.seller_id, ${at}::timestamptz) from (
            select distinct seller_id from conversation_first_replies
            where opened_at > ${at}::timestamptz - ${`${REPLY_TIME_WINDOW_DAYS} days`}::interval
            union
            select user_id from seller_reply_times where sample > 0
          ) s
        ) r`),
    );
    return rows[0]?.refreshed ?? 0;
  }
}

/** The hourly refresh of every seller's reply time (safe twice at once: each refresh writes the same figure). */
export class ReplyTimesJob {
  readonly #repo: Pick<ReplyTimeRepository, 'refreshAll'>;
  readonly #now: () => Date;

  constructor(options: { repo: Pick<ReplyTimeRepository, 'refreshAll'>; now: () => Date }) {
    this.#repo = options.repo;
    this.#now = options.now;
  }

  async runOnce(now: Date = this.#now()): Promise<number> {
    return this.#repo.refreshAll(now);
  }
}
