import { and, count, countDistinct, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { carLikes, carViews, cars, comments, messages } from '../db/schema/index.ts';

import { ACTIVITY_METRICS, type ActivityCounts, type ActivityMetric } from '@autoreel/core';

/** The five figures the dashboard follows per car and per day: the wire contract's (GET /dealers/me/overview). */
export { ACTIVITY_METRICS, type ActivityCounts, type ActivityMetric };

/** One metric's counts, keyed by car id or by UTC day ('YYYY-MM-DD'). */
export type CountsByKey = Map<string, number>;

export interface DealerActivity {
  byCar: Record<ActivityMetric, CountsByKey>;
  byDay: Record<ActivityMetric, CountsByKey>;
}

export interface OverviewCar {
  id: string;
  make: string;
  model: string;
  year: number;
  status: string;
}

/** Drivers answer count(*) as a string or a number depending on the dialect; callers always get a number. */
const toNumber = (value: unknown): number => Number(value ?? 0);

/** The UTC calendar day of a timestamp, as the charts label it. */
const utcDay = (column: AnyPgColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * How each metric is counted for one dealer's cars since a moment. Every row counted joins the dealer's cars, so a
 * dealer never sees another dealer's figures.
 *
 * - views: car_views rows (one per viewer per car per hour, as recorded);
 * - likes and comments (replies included): rows created in the window;
 * - messages: messages about the car that the dealer received;
 * - contacts: distinct people who sent those messages (leads, however many messages each sent).
 */
interface MetricSource {
  carId: AnyPgColumn;
  createdAt: AnyPgColumn;
  table: typeof carViews | typeof carLikes | typeof comments | typeof messages;
  value: SQL<number>;
  extra?: (dealerUserId: string) => SQL | undefined;
}

const receivedBy = (dealerUserId: string) =>
  and(eq(messages.receiverId, dealerUserId), ne(messages.senderId, dealerUserId));

const SOURCES: Record<ActivityMetric, MetricSource> = {
  views: { table: carViews, carId: carViews.carId, createdAt: carViews.createdAt, value: count() },
  likes: { table: carLikes, carId: carLikes.carId, createdAt: carLikes.createdAt, value: count() },
  comments: { table: comments, carId: comments.carId, createdAt: comments.createdAt, value: count() },
  messages: {
    table: messages,
    carId: messages.carId,
    createdAt: messages.createdAt,
    value: count(),
    extra: receivedBy,
  },
  contacts: {
    table: messages,
    carId: messages.carId,
    createdAt: messages.createdAt,
    value: countDistinct(messages.senderId),
    extra: receivedBy,
  },
};

/** The dashboard overview's reads: listings by status, recent activity on a dealer's cars, the newest cars. */
export class DealerOverviewRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async listingsByStatus(dealerId: string): Promise<Map<string, number>> {
    const rows = await this.#db
      .select({ status: cars.status, n: count() })
      .from(cars)
      .where(eq(cars.dealerId, dealerId))
      .groupBy(cars.status);
    return new Map(rows.map((row) => [row.status, toNumber(row.n)]));
  }

  async #counts(
    metric: ActivityMetric,
    dealerId: string,
    dealerUserId: string,
    since: Date,
    groupBy: 'car' | 'day',
  ): Promise<CountsByKey> {
    const source = SOURCES[metric];
    const key = groupBy === 'car' ? sql<string>`${source.carId}` : utcDay(source.createdAt);
    const rows = await this.#db
      .select({ key, n: source.value })
      .from(source.table)
      .innerJoin(cars, eq(cars.id, source.carId))
      .where(and(eq(cars.dealerId, dealerId), gte(source.createdAt, since), source.extra?.(dealerUserId)))
      .groupBy(key);
    return new Map(rows.map((row) => [String(row.key), toNumber(row.n)]));
  }

  /** Every metric since `since`, per car and per UTC day: ten small grouped counts over indexed columns. */
  async activity(dealerId: string, dealerUserId: string, since: Date): Promise<DealerActivity> {
    const byCar = {} as Record<ActivityMetric, CountsByKey>;
    const byDay = {} as Record<ActivityMetric, CountsByKey>;
    for (const metric of ACTIVITY_METRICS) {
      // One after another: PGlite runs one statement at a time anyway, and Postgres answers each in milliseconds.
      byCar[metric] = await this.#counts(metric, dealerId, dealerUserId, since, 'car');
      byDay[metric] = await this.#counts(metric, dealerId, dealerUserId, since, 'day');
    }
    return { byCar, byDay };
  }

  /** Titles and statuses of the named cars, only where they belong to the dealer. */
  async carsOf(dealerId: string, carIds: string[]): Promise<OverviewCar[]> {
    if (carIds.length === 0) return [];
    return this.#db
      .select({ id: cars.id, make: cars.make, model: cars.model, year: cars.year, status: cars.status })
      .from(cars)
      .where(and(eq(cars.dealerId, dealerId), inArray(cars.id, carIds)));
  }
}
