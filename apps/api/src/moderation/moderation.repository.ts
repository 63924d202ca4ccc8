import { and, count, desc, eq, inArray, isNull, max, min, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  cars,
  comments,
  dealerReviews,
  dealers,
  messages,
  moderationActions,
  reports,
  userBlocks,
  users,
} from '../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;
export type AuditRow = typeof moderationActions.$inferSelect;
export type TargetType = 'car' | 'user' | 'message' | 'review' | 'comment';

/** What the desk and a reporter need to know of a target: whose it is and how to name it. */
export interface TargetRow {
  ownerId: string;
  ownerName: string;
  /** A line naming it (a car's year, make and model; a person's name; a text). */
  summary: string;
  /** The text a report keeps of it (a message, comment or review); '' for a listing or a person. */
  text: string;
  link: string | null;
  /** Anyone may see it now (a listing not hidden and of a seller not suspended; an account not closed). */
  visible: boolean;
  hidden: boolean;
  pendingReview: boolean;
  ownerSuspended: boolean;
  /** A message's receiver: only they may report it. */
  receiverId?: string;
}

export interface GroupKey {
  targetType: TargetType;
  targetId: string;
}

export interface ReportWithReporter extends ReportRow {
  reporterName: string;
}

/**
 * Reports, the audit log, blocks and the moderation desk's writes to the targets it acts on (hiding a listing,
 * removing a comment or review). Built over the database or a transaction (`in(tx)`).
 */
export class ModerationRepository {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  in(tx: Database): ModerationRepository {
    return new ModerationRepository(tx);
  }

  transaction<T>(work: (repo: ModerationRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(this.in(tx)));
  }

  /** The targets of one type, by id; ids that name nothing are left out. */
  async targets(type: TargetType, ids: readonly string[]): Promise<Map<string, TargetRow>> {
    if (ids.length === 0) return new Map();
    const list = [...new Set(ids)];
    const suspended = (column: typeof users.suspendedAt) => sql<boolean>`${column} is not null`;
    switch (type) {
      case 'car': {
        const rows = await this.#db
          .select({
            id: cars.id,
            ownerId: cars.sellerId,
            ownerName: users.name,
            year: cars.year,
            make: cars.make,
            model: cars.model,
            hiddenAt: cars.hiddenAt,
            pendingReview: cars.hiddenPendingReview,
            ownerSuspended: suspended(users.suspendedAt),
          })
          .from(cars)
          .innerJoin(users, eq(users.id, cars.sellerId))
          .where(inArray(cars.id, list));
        return new Map(
          rows.map((row) => [
            row.id,
            {
              ownerId: row.ownerId,
              ownerName: row.ownerName,
              summary: `${row.year} ${row.make} ${row.model}`,
              text: '',
              link: `/cars/${row.id}`,
              visible: row.hiddenAt === null && !row.ownerSuspended,
              hidden: row.hiddenAt !== null,
              pendingReview: row.pendingReview,
              ownerSuspended: row.ownerSuspended,
            },
          ]),
        );
      }
      case 'user': {
        const rows = await this.#db
          .select({
            id: users.id,
            name: users.name,
            closed: sql<boolean>`${users.deletionRequestedAt} is not null`,
            ownerSuspended: suspended(users.suspendedAt),
            dealerId: dealers.id,
          })
          .from(users)
          .leftJoin(dealers, eq(dealers.userId, users.id))
          .where(inArray(users.id, list));
        return new Map(
          rows.map((row) => [
            row.id,
            {
              ownerId: row.id,
              ownerName: row.name,
              summary: row.name,
              text: '',
              link: row.dealerId ? `/dealers/${row.dealerId}` : null,
              visible: !row.closed,
              hidden: false,
              pendingReview: false,
              ownerSuspended: row.ownerSuspended,
            },
          ]),
        );
      }
      case 'message': {
        const rows = await this.#db
          .select({
            id: messages.id,
            ownerId: messages.senderId,
            ownerName: users.name,
            receiverId: messages.receiverId,
            text: messages.message,
            ownerSuspended: suspended(users.suspendedAt),
          })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.senderId))
          .where(inArray(messages.id, list));
        return new Map(
          rows.map((row) => [
            row.id,
            {
              ownerId: row.ownerId,
              ownerName: row.ownerName,
              receiverId: row.receiverId,
              summary: row.text || 'An attachment',
              text: row.text,
              link: null,
              visible: true,
              hidden: false,
              pendingReview: false,
              ownerSuspended: row.ownerSuspended,
            },
          ]),
        );
      }
      case 'review': {
        const rows = await this.#db
          .select({
            id: dealerReviews.id,
            ownerId: dealerReviews.userId,
            ownerName: users.name,
            dealerId: dealerReviews.dealerId,
            rating: dealerReviews.rating,
            text: dealerReviews.comment,
            ownerSuspended: suspended(users.suspendedAt),
          })
          .from(dealerReviews)
          .innerJoin(users, eq(users.id, dealerReviews.userId))
          .where(inArray(dealerReviews.id, list));
        return new Map(
          rows.map((row) => [
            row.id,
            {
              ownerId: row.ownerId,
              ownerName: row.ownerName,
              summary: `${row.rating} stars: ${row.text}`.trim(),
              text: row.text,
              link: `/dealers/${row.dealerId}`,
              visible: true,
              hidden: false,
              pendingReview: false,
              ownerSuspended: row.ownerSuspended,
            },
          ]),
        );
      }
      case 'comment': {
        const rows = await this.#db
          .select({
            id: comments.id,
            ownerId: comments.userId,
            ownerName: users.name,
            carId: comments.carId,
            text: comments.comment,
            ownerSuspended: suspended(users.suspendedAt),
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(inArray(comments.id, list));
        return new Map(
          rows.map((row) => [
            row.id,
            {
              ownerId: row.ownerId,
              ownerName: row.ownerName,
              summary: row.text,
              text: row.text,
              link: `/cars/${row.carId}`,
              visible: true,
              hidden: false,
              pendingReview: false,
              ownerSuspended: row.ownerSuspended,
            },
          ]),
        );
      }
    }
  }

  /** Files a report; null when the reporter already reported this target (the unique key decides, once). */
  async insertReport(values: typeof reports.$inferInsert): Promise<ReportRow | null> {
    const [row] = await this.#db.insert(reports).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async findReport(reporterId: string, targetType: TargetType, targetId: string): Promise<ReportRow | null> {
    const [row] = await this.#db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.targetType, targetType),
          eq(reports.targetId, targetId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async deleteReport(id: string): Promise<void> {
    await this.#db.delete(reports).where(eq(reports.id, id));
  }

  /** Different accounts with an open report of this target. */
  async openReporters(targetType: TargetType, targetId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(reports)
      .where(
        and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
      );
    return row?.n ?? 0;
  }

  /** A page of targets with reports open (or closed), the latest reported first, and how many there are. */
  async groupPage(
    open: boolean,
    limit: number,
    offset: number,
  ): Promise<{ groups: (GroupKey & { first: Date; last: Date })[]; total: number }> {
    const where = open ? eq(reports.status, 'open') : ne(reports.status, 'open');
    const rows = await this.#db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        first: min(reports.createdAt),
        last: max(reports.createdAt),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(reports)
      .where(where)
      .groupBy(reports.targetType, reports.targetId)
      .orderBy(desc(max(reports.createdAt)), reports.targetId)
      .limit(limit)
      .offset(offset);
    let total = rows[0]?.total;
    if (total === undefined) {
      const [row] = await this.#db
        .select({
          n: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))`.mapWith(Number),
        })
        .from(reports)
        .where(where);
      total = row?.n ?? 0;
    }
    return {
      groups: rows.map((row) => ({
        targetType: row.targetType as TargetType,
        targetId: row.targetId,
        first: row.first ?? new Date(0),
        last: row.last ?? new Date(0),
      })),
      total,
    };
  }

  /** The reports of these targets, open ones or closed ones, oldest first, with each reporter's name. */
  async reportsOf(keys: readonly GroupKey[], open: boolean): Promise<ReportWithReporter[]> {
    if (keys.length === 0) return [];
    const ids = [...new Set(keys.map((key) => key.targetId))];
    const rows = await this.#db
      .select({ report: reports, reporterName: users.name })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(
        and(inArray(reports.targetId, ids), open ? eq(reports.status, 'open') : ne(reports.status, 'open')),
      )
      .orderBy(reports.createdAt, reports.id);
    const wanted = new Set(keys.map((key) => `${key.targetType}:${key.targetId}`));
    return rows
      .filter((row) => wanted.has(`${row.report.targetType}:${row.report.targetId}`))
      .map((row) => ({ ...row.report, reporterName: row.reporterName }));
  }

  /** Closes a target's open reports with an outcome; answers the closed rows. */
  async closeReports(
    targetType: TargetType,
    targetId: string,
    status: 'actioned' | 'dismissed',
    at: Date,
  ): Promise<ReportRow[]> {
    return this.#db
      .update(reports)
      .set({ status, resolvedAt: at })
      .where(
        and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
      )
      .returning();
  }

  /** Hides a listing (pending review or decided); false when it was already hidden that way or does not exist. */
  async hideCar(carId: string, at: Date, pendingReview: boolean): Promise<boolean> {
    const rows = await this.#db
      .update(cars)
      .set({ hiddenAt: at, hiddenPendingReview: pendingReview })
      .where(
        and(
          eq(cars.id, carId),
          // Automatic hiding never overrides a hide an admin decided, nor hides twice.
          pendingReview ? isNull(cars.hiddenAt) : undefined,
        ),
      )
      .returning({ id: cars.id });
    return rows.length === 1;
  }

  async restoreCar(carId: string): Promise<boolean> {
    const rows = await this.#db
      .update(cars)
      .set({ hiddenAt: null, hiddenPendingReview: false })
      .where(eq(cars.id, carId))
      .returning({ id: cars.id });
    return rows.length === 1;
  }

  /** Removes a comment (its replies go with it). */
  async deleteComment(commentId: string): Promise<boolean> {
    const rows = await this.#db
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    return rows.length === 1;
  }

  /** Removes a review and recomputes its dealer's rating and review count, as a new review does. */
  async deleteReview(reviewId: string): Promise<boolean> {
    const [row] = await this.#db
      .delete(dealerReviews)
      .where(eq(dealerReviews.id, reviewId))
      .returning({ dealerId: dealerReviews.dealerId });
    if (!row) return false;
    await this.#db
      .update(dealers)
      .set({
        rating: sql`coalesce((select round(avg(${dealerReviews.rating}), 2) from ${dealerReviews} where ${dealerReviews.dealerId} = ${row.dealerId}), 0)`,
        reviewCount: sql`(select count(*) from ${dealerReviews} where ${dealerReviews.dealerId} = ${row.dealerId})`,
      })
      .where(eq(dealers.id, row.dealerId));
    return true;
  }

  async insertAudit(values: typeof moderationActions.$inferInsert): Promise<AuditRow> {
    const [row] = await this.#db.insert(moderationActions).values(values).returning();
    if (!row) throw new Error('audit insert returned no row');
    return row;
  }

  async auditPage(
    limit: number,
    offset: number,
  ): Promise<{ rows: (AuditRow & { actorName: string | null })[]; total: number }> {
    const rows = await this.#db
      .select({ entry: moderationActions, actorName: users.name })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await this.#db.select({ n: count() }).from(moderationActions);
    return {
      rows: rows.map((row) => ({ ...row.entry, actorName: row.actorName })),
      total: counted?.n ?? 0,
    };
  }

  async userName(userId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.name ?? null;
  }

  // Blocks

  /** An account that may be blocked: it exists and is not closed. */
  async activeUserExists(userId: string): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)))
      .limit(1);
    return row !== undefined;
  }

  async countBlocks(blockerId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, blockerId));
    return row?.n ?? 0;
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.#db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.#db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  async blockedBy(blockerId: string): Promise<{ id: string; name: string; blockedAt: Date }[]> {
    return this.#db
      .select({ id: users.id, name: users.name, blockedAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, blockerId))
      .orderBy(desc(userBlocks.createdAt));
  }
}
