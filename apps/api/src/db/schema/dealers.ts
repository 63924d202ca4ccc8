import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A dealership; its owner account has role dealer once an admin approves the application. */
export const dealers = pgTable(
  'dealers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** A verified dealership's requested new name, held for the moderation desk (docs/SECURITY.md). */
    pendingName: text('pending_name'),
    /** A requested new phone, held until the code sent to it is entered. */
    pendingPhone: text('pending_phone'),
    location: text('location').notNull(),
    businessLicense: text('business_license'),
    /** Display only (SPEC 9): weekday -> hours text. */
    businessHours: jsonb('business_hours').$type<Record<string, string>>(),
    isVerified: boolean('is_verified').notNull().default(false),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dealers_user_key').on(t.userId)],
);

export const dealerApplications = pgTable(
  'dealer_applications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name'),
    /** dealer | private */
    businessType: text('business_type').notNull(),
    location: text('location').notNull(),
    /** pending | approved | rejected | cancelled */
    status: text('status').notNull().default('pending'),
    reviewNotes: text('review_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dealer_applications_user_idx').on(t.userId, t.createdAt),
    index('dealer_applications_status_idx').on(t.status, t.createdAt),
  ],
);
