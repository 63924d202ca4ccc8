import { sql } from 'drizzle-orm';
import {
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
import type { AttachmentFile, MessageContact } from '@autoreel/core';
import { cars } from './cars.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** One conversation per pair of users; userLowId < userHighId so the pair is stored one way only. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The car the conversation is about, the latest one a message named. */
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Also finds a user's conversations on the low side; the high side has its own index.
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    // last_message_at is kept out of every index, so that touching it on every message is a heap-only update: no
    // new index entries, and dead versions pruned within their page whether or not vacuum runs. The list reads all
    // of a user's conversations anyway (to count them and join their latest messages), then sorts them itself.
    index('conversations_high_idx').on(t.userHighId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    /** Media keys under conversations/{id}/media */
    attachments: text('attachments').array().notNull().default([]),
    /** Each attachment's original name and size, same order as `attachments`. */
    attachmentFiles: jsonb('attachment_files').$type<AttachmentFile[]>().notNull().default([]),
    /** How to reach the buyer, from the Contact Dealer form; shown as a card under the text. */
    contact: jsonb('contact').$type<MessageContact>(),
    /** text | image | document | mixed */
    messageType: text('message_type').notNull(),
    contactMethod: text('contact_method').notNull().default('in_app'),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.receiverId, t.conversationId)
      .where(sql`${t.isRead} = false`),
  ],
);

/** Answers already given to a client's Idempotency-Key, so a retried send stores nothing new. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    statusCode: text('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

/**
 * Reports of a listing, a person, a message, a review or a comment (migration 0022; a conversation's report is one of a
 * person). One per reporter and target. `reportedUserId` is the target's owner; `targetText` the target's text when
 * reported; `status` open until the moderation desk acts (actioned) or dismisses it.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: uuid('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    targetText: text('target_text').notNull().default(''),
    status: text('status').notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_reported_idx').on(t.reportedUserId, t.createdAt),
    uniqueIndex('reports_one_per_reporter_key').on(t.reporterId, t.targetType, t.targetId),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
    index('reports_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** The moderation desk's audit log: who (null: the system), what, to which target, why, when. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** A blocks B: B cannot message A, and their conversation leaves A's list until A unblocks. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * Each conversation's opening (its first message) and the first reply its receiver gave: kept by the
 * messages_first_reply trigger (migration 0023), read for reply times.
 */
export const conversationFirstReplies = pgTable(
  'conversation_first_replies',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The receiver of the conversation's first message: the seller a buyer wrote to. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('conversation_first_replies_seller_idx').on(t.sellerId, t.openedAt)],
);

/** Per seller, the median first reply over the last 90 days and its sample, refreshed from the table above. */
export const sellerReplyTimes = pgTable('seller_reply_times', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  medianMinutes: integer('median_minutes'),
  sample: integer('sample').notNull().default(0),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});
