import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dealerReviews, dealers, users } from '../db/schema/index.ts';

export interface ReviewRow {
  id: string;
  dealerId: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
}

const reviewColumns = {
  id: dealerReviews.id,
  dealerId: dealerReviews.dealerId,
  userId: dealerReviews.userId,
  userName: users.name,
  rating: dealerReviews.rating,
  comment: dealerReviews.comment,
  createdAt: dealerReviews.createdAt,
  updatedAt: dealerReviews.updatedAt,
};

/** Dealer reviews and the rating summary kept on the dealer row. */
export class DealerReviewRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findDealer(dealerId: string) {
    const [row] = await this.#db
      .select({
        id: dealers.id,
        userId: dealers.userId,
        rating: dealers.rating,
        reviewCount: dealers.reviewCount,
      })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .limit(1);
    return row;
  }

  async countReviews(dealerId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(dealerReviews)
      .where(eq(dealerReviews.dealerId, dealerId));
    return Number(row?.n ?? 0);
  }

  /** Newest first; a review that was edited keeps its place by creation time. */
  async listReviews(dealerId: string, offset: number, limit: number): Promise<ReviewRow[]> {
    return this.#db
      .select(reviewColumns)
      .from(dealerReviews)
      .innerJoin(users, eq(users.id, dealerReviews.userId))
      .where(eq(dealerReviews.dealerId, dealerId))
      .orderBy(desc(dealerReviews.createdAt), desc(dealerReviews.id))
      .offset(offset)
      .limit(limit);
  }

  /**
   * Creates the user's review of the dealer or replaces it, and recomputes the dealer's rating and review count
   * in the same transaction. The dealer row is locked first so that two reviews saved at once both count.
   */
  async upsertReview(values: {
    dealerId: string;
    userId: string;
    rating: number;
    comment: string;
    now: Date;
  }) {
    return this.#db.transaction(async (tx) => {
      await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, values.dealerId)).for('update');
      const [saved] = await tx
        .insert(dealerReviews)
        .values({
          dealerId: values.dealerId,
          userId: values.userId,
          rating: values.rating,
          comment: values.comment,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoUpdate({
          target: [dealerReviews.dealerId, dealerReviews.userId],
          set: { rating: values.rating, comment: values.comment, updatedAt: values.now },
        })
        // xmax is 0 only for a freshly inserted row: it tells a create from an update in one statement.
        .returning({ id: dealerReviews.id, created: sql<boolean>`(xmax = 0)` });
      if (!saved) throw new Error('review upsert returned no row');
      const [summary] = await tx
        .update(dealers)
        .set({
          rating: sql`coalesce((select round(avg(${dealerReviews.rating}), 2) from ${dealerReviews} where ${dealerReviews.dealerId} = ${values.dealerId}), 0)`,
          reviewCount: sql`(select count(*) from ${dealerReviews} where ${dealerReviews.dealerId} = ${values.dealerId})`,
        })
        .where(eq(dealers.id, values.dealerId))
        .returning({ rating: dealers.rating, reviewCount: dealers.reviewCount });
      const [review] = await tx
        .select(reviewColumns)
        .from(dealerReviews)
        .innerJoin(users, eq(users.id, dealerReviews.userId))
        .where(eq(dealerReviews.id, saved.id));
      if (!review || !summary) throw new Error('review not readable after upsert');
      return {
        review,
        created: Boolean(saved.created),
        rating: Number(summary.rating),
        reviewCount: summary.reviewCount,
      };
    });
  }
}
