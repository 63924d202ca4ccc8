import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Bytes an upload in progress may still store, held against its owner's storage quota from the moment it starts,
 * so concurrent uploads cannot together overshoot it. Removed when the upload ends; a crashed one expires.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_user_idx').on(t.userId)],
);

/** Listings each account created on each UTC day: counted up atomically, never down (deleting does not refund). */
export const listingDays = pgTable(
  'listing_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
