import { z } from 'zod';
import { EntityIdSchema, TimestampSchema } from '../shared/index.ts';

/** POST and DELETE /users/{id}/block. */
export const BlockStateSchema = z.object({ userId: EntityIdSchema, blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockStateSchema>;

export const BlockedUserSchema = z.object({
  id: EntityIdSchema,
  name: z.string(),
  blockedAt: TimestampSchema,
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;

/** GET /users/me/blocked: the caller's own list, newest first. */
export const BlockedListSchema = z.object({ blocked: z.array(BlockedUserSchema) });
export type BlockedList = z.infer<typeof BlockedListSchema>;

/** At most this many blocks per account; far above what anyone needs by hand. */
export const MAX_BLOCKS = 500;
