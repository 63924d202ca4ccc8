import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
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

/** Reports filed from a conversation's header against the other participant. */
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
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reports_reported_idx').on(t.reportedUserId, t.createdAt)],
);
