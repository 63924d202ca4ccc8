import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every table's id: a random UUID, answered to clients as a string in both `id` and `_id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Postgres full-text document; only ever written by a generated column. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
