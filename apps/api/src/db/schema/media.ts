import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** Every uploaded file, so that ownership is checked by key and media goes when its car or message goes. */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: id(),
    /** App-generated storage key, e.g. cars/{carId}/{uuid}.mp4 */
    key: text('key').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The upload folder: cars/{carId} or conversations/{id}/media */
    folder: text('folder').notNull(),
    /** image | video | document */
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The file's name on the uploader's device (an attachment shows it); null for files the app made itself. */
    originalName: text('original_name'),
    /** uploaded | processing | ready | failed (videos are prepared after upload) */
    status: text('status').notNull().default('ready'),
    /** A car video's poster photo sent with it (the console's), kept when the video needs no work. */
    posterKey: text('poster_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_objects_key_key').on(t.key),
    index('media_objects_folder_idx').on(t.folder),
    index('media_objects_status_idx').on(t.status),
    // The storage quota sums an owner's files.
    index('media_objects_owner_idx').on(t.ownerId),
  ],
);
