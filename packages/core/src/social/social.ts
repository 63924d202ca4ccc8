import { z } from 'zod';
import { CAR_IDS_BATCH_MAX, COMMENT_MAX_LENGTH } from './social-limits.ts';
export { CAR_IDS_BATCH_MAX, COMMENT_MAX_LENGTH } from './social-limits.ts';
import {
  EntityIdSchema,
  IdSchema,
  PAGE_SIZES,
  TimestampSchema,
  blankToUndefined,
  idFields,
  pageFields,
  pageQuerySchema,
  requiredText,
} from '../shared/index.ts';

/** SPEC 3: likes, comments and isLiked per car; totalLikes mirrors likes for older clients. */
export const CarStatsSchema = z.object({
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  isLiked: z.boolean(),
  totalLikes: z.number().int().nonnegative().optional(),
  views: z.number().int().nonnegative().optional(),
  shares: z.number().int().nonnegative().optional(),
});
export type CarStats = z.infer<typeof CarStatsSchema>;

/** SPEC 7 POST /cars/stats/batch: a map by car id. */
export const CarStatsMapSchema = z.record(z.string(), CarStatsSchema);
export type CarStatsMap = z.infer<typeof CarStatsMapSchema>;

/** SPEC 7: both the car like and the comment like toggles answer `{liked, totalLikes}`. */
export const LikeToggleResultSchema = z.object({
  liked: z.boolean(),
  totalLikes: z.number().int().nonnegative(),
});
export type LikeToggleResult = z.infer<typeof LikeToggleResultSchema>;

export const LikeStatusSchema = z.object({
  isLiked: z.boolean(),
  totalLikes: z.number().int().nonnegative(),
});
export type LikeStatus = z.infer<typeof LikeStatusSchema>;

/** SPEC 7 POST /cars/likes/batch-status: a map of `{isLiked, totalLikes}` by car id. */
export const LikeStatusMapSchema = z.record(z.string(), LikeStatusSchema);
export type LikeStatusMap = z.infer<typeof LikeStatusMapSchema>;

/** SPEC 3: the per-comment like state the client keeps. */
export const CommentLikeStateSchema = z.object({
  isLiked: z.boolean(),
  count: z.number().int().nonnegative(),
});
export type CommentLikeState = z.infer<typeof CommentLikeStateSchema>;

/**
 * Body of the stats and like-status batches. Duplicates are harmless and dropped; an empty list answers
 * an empty map.
 */
export const CarIdsBatchBodySchema = z.object({
  carIds: z
    .array(IdSchema)
    .max(CAR_IDS_BATCH_MAX, `At most ${CAR_IDS_BATCH_MAX} car ids at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type CarIdsBatchBody = z.infer<typeof CarIdsBatchBodySchema>;

export const StatsBatchBodySchema = CarIdsBatchBodySchema;
export type StatsBatchBody = CarIdsBatchBody;
export const LikesBatchStatusBodySchema = CarIdsBatchBodySchema;
export type LikesBatchStatusBody = CarIdsBatchBody;

export const ReplySchema = z.object({
  ...idFields,
  commentId: EntityIdSchema.optional(),
  userId: z.string().nullish(),
  userName: z.string(),
  userAvatar: z.string().nullish(),
  comment: z.string(),
  likes: z.number().int().nonnegative(),
  isLiked: z.boolean().optional(),
  createdAt: TimestampSchema,
});
export type Reply = z.infer<typeof ReplySchema>;

/** SPEC 3 Comment. */
export const CommentSchema = z.object({
  ...idFields,
  carId: EntityIdSchema.optional(),
  userId: z.string().nullish(),
  userName: z.string(),
  userAvatar: z.string().nullish(),
  comment: z.string(),
  createdAt: TimestampSchema,
  likes: z.number().int().nonnegative(),
  isLiked: z.boolean().optional(),
  replies: z.array(ReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;

/** SPEC 5: comments and replies are trimmed and must be non-empty. */
export const CommentBodySchema = z.object({ comment: requiredText('Comment', COMMENT_MAX_LENGTH) });
export type CommentBody = z.infer<typeof CommentBodySchema>;

export const ReplyBodySchema = CommentBodySchema;
export type ReplyBody = CommentBody;

export const CommentsQuerySchema = pageQuerySchema(PAGE_SIZES.comments);
export type CommentsQuery = z.infer<typeof CommentsQuerySchema>;

export const CommentsPageSchema = z.object({
  comments: z.array(CommentSchema),
  ...pageFields,
});
export type CommentsPage = z.infer<typeof CommentsPageSchema>;

/**
 * Where a share went: 'native' (device share sheet), 'clipboard', or a chat app's name. A short slug rather
 * than a closed list, so a new share target does not need an API release.
 */
export const SharePlatformSchema = z
  .string('Platform is required')
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,32}$/, 'Platform must be a short name such as whatsapp or clipboard');

export const ShareTrackBodySchema = z.object({
  platform: SharePlatformSchema,
  userId: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export type ShareTrackBody = z.infer<typeof ShareTrackBodySchema>;

/** `clientId` lets an anonymous browser count once per car without an account. */
export const ViewBodySchema = z
  .object({
    clientId: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid client id')
        .optional(),
    ),
  })
  // A view ping may come with no body at all.
  .default({});
export type ViewBody = z.infer<typeof ViewBodySchema>;

export const ViewCountSchema = z.object({ views: z.number().int().nonnegative() });
export type ViewCount = z.infer<typeof ViewCountSchema>;
