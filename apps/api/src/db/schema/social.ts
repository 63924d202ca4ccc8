import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cars } from './cars.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { dealers } from './dealers.ts';
import { users } from './users.ts';

const carRef = () =>
  uuid('car_id')
    .notNull()
    .references(() => cars.id, { onDelete: 'cascade' });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const carLikes = pgTable(
  'car_likes',
  { userId: userRef(), carId: carRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.userId, t.carId] }),
    index('car_likes_car_idx').on(t.carId),
    index('car_likes_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const carViews = pgTable(
  'car_views',
  {
    id: id(),
    carId: carRef(),
    /** user:{id} for signed-in viewers, client:{id} for anonymous ones. */
    viewerKey: text('viewer_key').notNull(),
    /** The hour the view falls in: one view per viewer per car per hour. */
    hourBucket: integer('hour_bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('car_views_once_per_hour_key').on(t.carId, t.viewerKey, t.hourBucket),
    index('car_views_car_idx').on(t.carId, t.createdAt),
  ],
);

/** Comments and their replies (a reply has a parent). Stored as plain text, never rendered as HTML. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    carId: carRef(),
    userId: userRef(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_car_idx').on(t.carId, t.createdAt.desc()),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: userRef(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.commentId] }),
    index('comment_likes_comment_idx').on(t.commentId),
  ],
);

export const shares = pgTable(
  'shares',
  {
    id: id(),
    carId: carRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform'),
    createdAt: createdAt(),
  },
  (t) => [index('shares_car_idx').on(t.carId, t.createdAt)],
);

export const dealerReviews = pgTable(
  'dealer_reviews',
  {
    id: id(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    userId: userRef(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dealer_reviews_one_per_user_key').on(t.dealerId, t.userId),
    index('dealer_reviews_dealer_idx').on(t.dealerId, t.createdAt.desc()),
  ],
);
