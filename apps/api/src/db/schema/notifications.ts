import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** What a user is told in the app; `dedupeKey` makes each source write a notification once per user. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'deferred', 'failed'] as const;

/** The outbox: one row per notification per channel beyond the open tab. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    outcome: text('outcome'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel] })],
);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: userRef(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string | number>>().notNull(),
    alert: text('alert', { enum: ['instant', 'daily', 'off'] })
      .notNull()
      .default('instant'),
    paused: boolean('paused').notNull().default(false),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/** Matches and price drops waiting for a user's daily digest. */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    userId: userRef(),
    kind: text('kind', { enum: ['match', 'price_drop'] }).notNull(),
    carId: uuid('car_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.carId, t.seq] })],
);

/** How far each reader of the catalogue's change log has got. */
export const changeLogCursors = pgTable('change_log_cursors', {
  name: text('name').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});
