import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  carLikes,
  carViews,
  cars,
  comments,
  dealerApplications,
  dealerReviews,
  dealers,
  mediaObjects,
  shares,
  users,
} from '../db/schema/index.ts';

export interface DemoRows {
  users: (typeof users.$inferInsert)[];
  dealers: (typeof dealers.$inferInsert)[];
  applications: (typeof dealerApplications.$inferInsert)[];
  reviews: (typeof dealerReviews.$inferInsert)[];
  cars: (typeof cars.$inferInsert)[];
  media: (typeof mediaObjects.$inferInsert)[];
  likes: (typeof carLikes.$inferInsert)[];
  views: (typeof carViews.$inferInsert)[];
  shares: (typeof shares.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
}

/** Rows per insert: large enough to be quick, small enough to stay under the bind-parameter limit. */
const BATCH = 200;

async function insertAll<T>(items: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

/** Writes the demo catalogue in one transaction: a failed seed leaves nothing half-done. */
export class DemoSeedRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  async userExists(phone: string): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    return rows.length > 0;
  }

  async insertDemo(rows: DemoRows): Promise<void> {
    await this.db.transaction(async (tx) => {
      await insertAll(rows.users, (batch) => tx.insert(users).values(batch));
      await insertAll(rows.dealers, (batch) => tx.insert(dealers).values(batch));
      await insertAll(rows.applications, (batch) => tx.insert(dealerApplications).values(batch));
      await insertAll(rows.reviews, (batch) => tx.insert(dealerReviews).values(batch));
      await insertAll(rows.cars, (batch) => tx.insert(cars).values(batch));
      await insertAll(rows.media, (batch) => tx.insert(mediaObjects).values(batch));
      await insertAll(rows.likes, (batch) => tx.insert(carLikes).values(batch));
      await insertAll(rows.views, (batch) => tx.insert(carViews).values(batch));
      await insertAll(rows.shares, (batch) => tx.insert(shares).values(batch));
      // Questions before their replies: a reply's parent must exist.
      await insertAll(
        rows.comments.filter((c) => !c.parentId),
        (batch) => tx.insert(comments).values(batch),
      );
      await insertAll(
        rows.comments.filter((c) => c.parentId),
        (batch) => tx.insert(comments).values(batch),
      );
    });
  }
}
