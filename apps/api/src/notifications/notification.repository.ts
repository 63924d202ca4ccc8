import { and, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import {
  carChanges,
  carLikes,
  cars,
  changeLogCursors,
  notificationDeliveries,
  notificationDigestItems,
  notifications,
  savedSearches,
} from '../db/schema/index.ts';

export type { NewNotification } from './notify.ts';
import type { NewNotification } from './notify.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type CarChangeRow = typeof carChanges.$inferSelect;
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** What the change log reader needs of a car to match it and to word its notifications. */
export interface AlertCar {
  id: string;
  sellerId: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  seats: number;
  price: number;
  currency: string;
  fuelType: string;
  transmission: string;
  bodyType: string;
  condition: string;
  description: string;
  features: string[];
  exteriorColor: string | null;
  color: string | null;
  status: string;
  createdAt: Date;
}

/** Rows per INSERT: far below Postgres's 65,535 parameters a statement. */
const CHUNK = 2000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const toNumber = (value: unknown): number => Number(value ?? 0);

/** A notifications row as the driver gives it back from raw SQL: column names, times as Date or text. */
interface WrittenRow {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  dedupe_key: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

/** Notifications, their outbox, saved searches, the digest's waiting items and the change log cursor. */
/** What the alerts read of a car: the columns a saved search matches on, and what a notification names. */
const ALERT_CAR_COLUMNS = {
  id: cars.id,
  sellerId: cars.sellerId,
  make: cars.make,
  model: cars.model,
  year: cars.year,
  mileage: cars.mileage,
  seats: cars.seats,
  price: cars.price,
  currency: cars.currency,
  fuelType: cars.fuelType,
  transmission: cars.transmission,
  bodyType: cars.bodyType,
  condition: cars.condition,
  description: cars.description,
  features: cars.features,
  exteriorColor: cars.exteriorColor,
  color: cars.color,
  status: cars.status,
  createdAt: cars.createdAt,
};

export class NotificationRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The same statements inside a transaction. */
  in(tx: Database): NotificationRepository {
    return new NotificationRepository(tx);
  }

  transaction<T>(work: (repo: NotificationRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(this.in(tx)));
  }

  /**
   * Writes the notifications not written before (by user and dedupe key) and, for each, one pending delivery per
   * channel; answers those written now. Run inside the transaction of the event, so both or neither stand. One
   * statement whatever the count: the rows travel as one JSON parameter, and the outbox rows are made from what the
   * insert returned, so a fan-out to 10,000 buyers is one round trip, not ten chunks of bound parameters.
   */
  async insert(rows: readonly NewNotification[], channels: readonly string[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    const input = JSON.stringify(
      rows.map((row) => ({
        user_id: row.userId,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        dedupe_key: row.dedupeKey,
      })),
    );
    const written = resultRows<WrittenRow>(
      await this.#db.execute(sql`
        with input as (
          select * from json_to_recordset(${input}::json)
            as row(user_id uuid, kind text, title text, body text, link text, dedupe_key text)
        ), written as (
          insert into notifications (user_id, kind, title, body, link, dedupe_key)
          select user_id, kind, title, body, link, dedupe_key from input
          on conflict (user_id, dedupe_key) do nothing
          returning *
        ), queued as (
          insert into notification_deliveries (notification_id, channel)
          select written.id, channel.name
          from written cross join json_array_elements_text(${JSON.stringify(channels)}::json) as channel(name)
          on conflict do nothing
        )
        select * from written`),
    );
    return written.map((row) => ({
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      dedupeKey: row.dedupe_key,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
    }));
  }

  async page(userId: string, page: number, limit: number) {
    const rows = await this.#db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.#db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return { rows, total: toNumber(total?.n) };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return toNumber(row?.n);
  }

  /** The newest unread notification of each user (the stream's event carries it). */
  async newestUnread(userId: string): Promise<NotificationRow | null> {
    const [row] = await this.#db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(1);
    return row ?? null;
  }

  /** Marks one of the user's notifications read; false when the user has none by this id. */
  async markRead(userId: string, id: string, at: Date): Promise<boolean> {
    const found = await this.#db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return found.length > 0;
  }

  async markAllRead(userId: string, at: Date): Promise<void> {
    await this.#db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** A claimed batch's notifications in one read. */
  async findNotifications(ids: readonly string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [...ids]));
  }

  async findNotification(id: string): Promise<NotificationRow | null> {
    const [row] = await this.#db.select().from(notifications).where(eq(notifications.id, id));
    return row ?? null;
  }

  // The outbox.

  /**
   * Claims up to `limit` due deliveries of a channel for this process until `claimUntil`: pending or deferred ones
   * whose time has come, and 'sending' ones whose claim ran out (their process died). SKIP LOCKED lets several
   * processes claim at once without taking the same row.
   */
  async claimDue(channel: string, now: Date, claimUntil: Date, limit: number) {
    const due = this.#db
      .select({ notificationId: notificationDeliveries.notificationId })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.channel, channel),
          lte(notificationDeliveries.nextAt, now),
          or(
            inArray(notificationDeliveries.status, ['pending', 'deferred']),
            and(eq(notificationDeliveries.status, 'sending'), lte(notificationDeliveries.claimedUntil, now)),
          ),
        ),
      )
      .orderBy(notificationDeliveries.nextAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.#db
      .update(notificationDeliveries)
      .set({
        status: 'sending',
        claimedUntil: claimUntil,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        updatedAt: now,
      })
      .where(
        and(eq(notificationDeliveries.channel, channel), inArray(notificationDeliveries.notificationId, due)),
      )
      .returning({
        notificationId: notificationDeliveries.notificationId,
        attempts: notificationDeliveries.attempts,
        claimedUntil: notificationDeliveries.claimedUntil,
      });
  }

  /**
   * Records a claimed delivery's outcome, only while this process's claim still holds it (a claim that ran out
   * may be another process's now). Answers whether it was recorded.
   */
  async settle(
    notificationId: string,
    channel: string,
    claimedUntil: Date,
    next: { status: 'sent' | 'skipped' | 'deferred' | 'pending' | 'failed'; nextAt?: Date; outcome: string },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.#db
      .update(notificationDeliveries)
      .set({
        status: next.status,
        nextAt: next.nextAt ?? now,
        claimedUntil: null,
        outcome: next.outcome.slice(0, 500),
        updatedAt: now,
      })
      .where(
        and(
          eq(notificationDeliveries.notificationId, notificationId),
          eq(notificationDeliveries.channel, channel),
          eq(notificationDeliveries.status, 'sending'),
          eq(notificationDeliveries.claimedUntil, claimedUntil),
        ),
      )
      .returning({ id: notificationDeliveries.notificationId });
    return rows.length > 0;
  }

  /** When the channel's next unfinished delivery falls due, or null when it has none. */
  async nextDue(channel: string): Promise<Date | null> {
    const [row] = await this.#db
      .select({
        at: sql<
          Date | string | null
        >`min(case when ${notificationDeliveries.status} = 'sending' then ${notificationDeliveries.claimedUntil} else ${notificationDeliveries.nextAt} end)`,
      })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.channel, channel),
          inArray(notificationDeliveries.status, ['pending', 'deferred', 'sending']),
        ),
      );
    return row?.at ? new Date(row.at) : null;
  }

  async deliveriesOf(notificationId: string) {
    return this.#db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notificationId));
  }

  // The change log.

  /** Locks and reads the reader's cursor: one process at a time reads the log on from it. */
  async lockCursor(name: string): Promise<number> {
    const [row] = await this.#db
      .select({ seq: changeLogCursors.seq })
      .from(changeLogCursors)
      .where(eq(changeLogCursors.name, name))
      .for('update');
    if (row) return toNumber(row.seq);
    await this.#db.insert(changeLogCursors).values({ name, seq: 0 }).onConflictDoNothing();
    return this.lockCursor(name);
  }

  async moveCursor(name: string, seq: number): Promise<void> {
    await this.#db.update(changeLogCursors).set({ seq }).where(eq(changeLogCursors.name, name));
  }

  async changesAfter(seq: number, limit: number): Promise<CarChangeRow[]> {
    return this.#db
      .select()
      .from(carChanges)
      .where(gt(carChanges.seq, seq))
      .orderBy(carChanges.seq)
      .limit(limit);
  }

  async carsByIds(ids: readonly string[]): Promise<AlertCar[]> {
    if (ids.length === 0) return [];
    return this.#db
      .select(ALERT_CAR_COLUMNS)
      .from(cars)
      .where(inArray(cars.id, [...ids]));
  }

  /** Active cars listed after a moment, newest first (a saved search's newSince counts those that match). */
  async carsListedSince(since: Date, limit: number): Promise<AlertCar[]> {
    return this.#db
      .select(ALERT_CAR_COLUMNS)
      .from(cars)
      .where(and(gt(cars.createdAt, since), eq(cars.status, 'active')))
      .orderBy(desc(cars.createdAt))
      .limit(limit);
  }

  /** Who liked each of these cars. */
  async likersOf(carIds: readonly string[]): Promise<Array<{ carId: string; userId: string }>> {
    if (carIds.length === 0) return [];
    return this.#db
      .select({ carId: carLikes.carId, userId: carLikes.userId })
      .from(carLikes)
      .where(inArray(carLikes.carId, [...carIds]));
  }

  /** Every saved search that alerts (instant or daily, not paused): the set a new car is matched against. */
  async alertingSearches(): Promise<SavedSearchRow[]> {
    return this.#db
      .select()
      .from(savedSearches)
      .where(and(ne(savedSearches.alert, 'off'), eq(savedSearches.paused, false)));
  }

  async addDigestItems(
    items: ReadonlyArray<{ userId: string; kind: 'match' | 'price_drop'; carId: string; seq: number }>,
  ): Promise<void> {
    for (const part of chunks(items)) {
      await this.#db
        .insert(notificationDigestItems)
        .values([...part])
        .onConflictDoNothing();
    }
  }

  /** Takes (deletes and answers) every waiting digest item; run inside the digest's transaction. */
  async takeDigestItems() {
    return this.#db.delete(notificationDigestItems).returning();
  }

  // Saved searches.

  async searchesOf(userId: string): Promise<SavedSearchRow[]> {
    return this.#db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(savedSearches.createdAt, savedSearches.id);
  }

  async countSearches(userId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    return toNumber(row?.n);
  }

  /** Serialises one user's saved-search writes (the limit is counted inside the lock). */
  async lockUser(userId: string): Promise<void> {
    await this.#db.execute(sql`select pg_advisory_xact_lock(hashtext(${'saved-searches:' + userId}))`);
  }

  async insertSearch(values: typeof savedSearches.$inferInsert): Promise<SavedSearchRow> {
    const [row] = await this.#db.insert(savedSearches).values(values).returning();
    return row!;
  }

  async findSearch(userId: string, id: string): Promise<SavedSearchRow | null> {
    const [row] = await this.#db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
    return row ?? null;
  }

  async updateSearch(
    userId: string,
    id: string,
    values: Partial<typeof savedSearches.$inferInsert>,
  ): Promise<SavedSearchRow | null> {
    const [row] = await this.#db
      .update(savedSearches)
      .set(values)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning();
    return row ?? null;
  }

  async deleteSearch(userId: string, id: string): Promise<boolean> {
    const rows = await this.#db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  }
}
