import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { carLikes, carViews, cars, commentLikes, comments, shares, users } from '../db/schema/index.ts';

export interface CommentRow {
  id: string;
  carId: string;
  parentId: string | null;
  userId: string;
  userName: string;
  userAvatarKey: string | null;
  comment: string;
  createdAt: Date;
}

export interface CarCounts {
  likes: number;
  comments: number;
  views: number;
  shares: number;
}

const commentColumns = {
  id: comments.id,
  carId: comments.carId,
  parentId: comments.parentId,
  userId: comments.userId,
  userName: users.name,
  userAvatarKey: users.avatarKey,
  comment: comments.comment,
  createdAt: comments.createdAt,
};

/** Drivers answer count(*) as a string or a number depending on the dialect; callers always get a number. */
const toNumber = (value: unknown): number => Number(value ?? 0);

/** Likes, views, comments and shares of cars. The only place with their queries. */
export class SocialRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** A car buyers may like, view or comment on: any but a draft, which no one but its seller sees yet. */
  async carExists(carId: string): Promise<boolean> {
    const rows = await this.#db
      .select({ id: cars.id })
      .from(cars)
      .where(and(eq(cars.id, carId), ne(cars.status, 'draft')))
      .limit(1);
    return rows.length > 0;
  }

  /** The subset of the given ids that name existing cars. */
  async existingCarIds(carIds: string[]): Promise<Set<string>> {
    if (carIds.length === 0) return new Set();
    const rows = await this.#db.select({ id: cars.id }).from(cars).where(inArray(cars.id, carIds));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Removes the like when there is one, else adds it, in one transaction so a double tap cannot leave two likes
   * (the primary key forbids it anyway) or a negative count.
   */
  async toggleCarLike(userId: string, carId: string): Promise<{ liked: boolean; totalLikes: number }> {
    return this.#db.transaction(async (tx) => {
      const removed = await tx
        .delete(carLikes)
        .where(and(eq(carLikes.userId, userId), eq(carLikes.carId, carId)))
        .returning({ userId: carLikes.userId });
      let liked = false;
      if (removed.length === 0) {
        await tx.insert(carLikes).values({ userId, carId }).onConflictDoNothing();
        liked = true;
      }
      const [row] = await tx.select({ n: count() }).from(carLikes).where(eq(carLikes.carId, carId));
      return { liked, totalLikes: toNumber(row?.n) };
    });
  }

  async countCarLikes(carId: string): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(carLikes).where(eq(carLikes.carId, carId));
    return toNumber(row?.n);
  }

  async listLikers(carId: string, offset: number, limit: number) {
    return this.#db
      .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, likedAt: carLikes.createdAt })
      .from(carLikes)
      .innerJoin(users, eq(users.id, carLikes.userId))
      .where(eq(carLikes.carId, carId))
      .orderBy(desc(carLikes.createdAt), asc(users.id))
      .offset(offset)
      .limit(limit);
  }

  /** Records a view unless this viewer already viewed the car in this hour; answers the car's total. */
  async recordView(carId: string, viewerKey: string, hourBucket: number): Promise<number> {
    await this.#db.insert(carViews).values({ carId, viewerKey, hourBucket }).onConflictDoNothing();
    return this.countViews(carId);
  }

  async countViews(carId: string): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(carViews).where(eq(carViews.carId, carId));
    return toNumber(row?.n);
  }

  async recordShare(carId: string, userId: string | null, platform: string | null): Promise<number> {
    await this.#db.insert(shares).values({ carId, userId, platform });
    return this.countShares(carId);
  }

  async countShares(carId: string): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(shares).where(eq(shares.carId, carId));
    return toNumber(row?.n);
  }

  async countTopLevelComments(carId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.carId, carId), isNull(comments.parentId)));
    return toNumber(row?.n);
  }

  /** Top-level comments, newest first; id breaks ties so pages never overlap. */
  async listTopLevelComments(carId: string, offset: number, limit: number): Promise<CommentRow[]> {
    return this.#db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(and(eq(comments.carId, carId), isNull(comments.parentId)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .offset(offset)
      .limit(limit);
  }

  /** Replies of the given comments, oldest first. */
  async listReplies(parentIds: string[]): Promise<CommentRow[]> {
    if (parentIds.length === 0) return [];
    return this.#db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(inArray(comments.parentId, parentIds))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  }

  async findComment(commentId: string): Promise<CommentRow | undefined> {
    const [row] = await this.#db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, commentId))
      .limit(1);
    return row;
  }

  async insertComment(values: {
    carId: string;
    userId: string;
    parentId: string | null;
    comment: string;
  }): Promise<string> {
    const [row] = await this.#db.insert(comments).values(values).returning({ id: comments.id });
    if (!row) throw new Error('comment insert returned no row');
    return row.id;
  }

  /** Like counts of the given comments, and which of them the viewer liked. */
  async commentLikeState(
    commentIds: string[],
    viewerId: string | null,
  ): Promise<{ counts: Map<string, number>; likedByViewer: Set<string> }> {
    const counts = new Map<string, number>();
    const likedByViewer = new Set<string>();
    if (commentIds.length === 0) return { counts, likedByViewer };
    const rows = await this.#db
      .select({ commentId: commentLikes.commentId, n: count() })
      .from(commentLikes)
      .where(inArray(commentLikes.commentId, commentIds))
      .groupBy(commentLikes.commentId);
    for (const row of rows) counts.set(row.commentId, toNumber(row.n));
    if (viewerId) {
      const liked = await this.#db
        .select({ commentId: commentLikes.commentId })
        .from(commentLikes)
        .where(and(eq(commentLikes.userId, viewerId), inArray(commentLikes.commentId, commentIds)));
      for (const row of liked) likedByViewer.add(row.commentId);
    }
    return { counts, likedByViewer };
  }

  async toggleCommentLike(
    userId: string,
    commentId: string,
  ): Promise<{ liked: boolean; totalLikes: number }> {
    return this.#db.transaction(async (tx) => {
      const removed = await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
        .returning({ userId: commentLikes.userId });
      let liked = false;
      if (removed.length === 0) {
        await tx.insert(commentLikes).values({ userId, commentId }).onConflictDoNothing();
        liked = true;
      }
      const [row] = await tx
        .select({ n: count() })
        .from(commentLikes)
        .where(eq(commentLikes.commentId, commentId));
      return { liked, totalLikes: toNumber(row?.n) };
    });
  }

  /** Counts per car for the given ids, one grouped query per table rather than one query per car. */
  async countsByCar(carIds: string[]): Promise<Map<string, CarCounts>> {
    const result = new Map<string, CarCounts>();
    for (const id of carIds) result.set(id, { likes: 0, comments: 0, views: 0, shares: 0 });
    if (carIds.length === 0) return result;
    const [likeRows, commentRows, viewRows, shareRows] = await Promise.all([
      this.#groupCount(carLikes, carLikes.carId, carIds),
      this.#groupCount(comments, comments.carId, carIds),
      this.#groupCount(carViews, carViews.carId, carIds),
      this.#groupCount(shares, shares.carId, carIds),
    ]);
    const apply = (rows: { carId: string; n: number }[], key: keyof CarCounts) => {
      for (const row of rows) {
        const entry = result.get(row.carId);
        if (entry) entry[key] = toNumber(row.n);
      }
    };
    apply(likeRows, 'likes');
    apply(commentRows, 'comments');
    apply(viewRows, 'views');
    apply(shareRows, 'shares');
    return result;
  }

  async #groupCount(table: PgTable, column: AnyPgColumn, carIds: string[]) {
    return this.#db
      .select({ carId: sql<string>`${column}`, n: sql<number>`count(*)` })
      .from(table)
      .where(inArray(column, carIds))
      .groupBy(column);
  }

  /** Which of the given cars the user liked. */
  async likedCarIds(userId: string, carIds: string[]): Promise<Set<string>> {
    if (carIds.length === 0) return new Set();
    const rows = await this.#db
      .select({ carId: carLikes.carId })
      .from(carLikes)
      .where(and(eq(carLikes.userId, userId), inArray(carLikes.carId, carIds)));
    return new Set(rows.map((r) => r.carId));
  }
}
