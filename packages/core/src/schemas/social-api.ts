/**
 * Request schemas of the social, dealer review and feedback calls (SPEC 7 'Social', 'Dealers', 'Feedback and
 * sharing'). The API validates with them and the clients can reuse them, so both sides reject the same input.
 */
import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_ERRORS, MAX_RATING, MIN_RATING } from '../rules/feedback.ts';

export const COMMENT_MAX_LENGTH = 1000;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
/** Batch calls answer one screen of cars; more than this is a client bug or abuse. */
export const BATCH_CAR_IDS_MAX = 100;
/** SPEC 9: comments and reviews page by 10. */
export const SOCIAL_PAGE_SIZE = 10;
export const SOCIAL_PAGE_SIZE_MAX = 50;

/** Anonymous viewers identify themselves with a random id kept on the device. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const ClientIdSchema = z
  .string()
  .regex(CLIENT_ID_PATTERN, { error: 'clientId must be 8-64 letters, digits, _ or -' });

export const SHARE_PLATFORMS = [
  'whatsapp',
  'facebook',
  'twitter',
  'x',
  'telegram',
  'email',
  'copy',
  'native',
  'other',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** Comments and replies are trimmed and must be non-empty (SPEC 5 'Search and comments'). */
export const CommentBodySchema = z.object({
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, { error: 'Comment cannot be empty' })
    .max(COMMENT_MAX_LENGTH, { error: `Comment must be at most ${COMMENT_MAX_LENGTH} characters` }),
});
export type CommentBody = z.infer<typeof CommentBodySchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(SOCIAL_PAGE_SIZE_MAX).default(SOCIAL_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const CarIdsBodySchema = z.object({
  carIds: z
    .array(z.uuid({ error: 'Each car id must be a valid id' }))
    .max(BATCH_CAR_IDS_MAX, { error: `At most ${BATCH_CAR_IDS_MAX} car ids per request` }),
});
export type CarIdsBody = z.infer<typeof CarIdsBodySchema>;

export const ViewBodySchema = z.object({ clientId: ClientIdSchema.optional() }).optional();

export const ShareBodySchema = z
  .object({ platform: z.enum(SHARE_PLATFORMS, { error: 'Unknown share platform' }).optional() })
  .optional();

export const ShareTrackBodySchema = z.object({
  platform: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(SHARE_PLATFORMS, { error: 'Unknown share platform' }),
  ),
  /** Accepted for compatibility; the server records the signed-in user, never this value. */
  userId: z.string().optional().nullable(),
});
export type ShareTrackBody = z.infer<typeof ShareTrackBodySchema>;

export const DealerReviewBodySchema = z.object({
  rating: z
    .number({ error: 'Rating is required' })
    .int({ error: 'Rating must be a whole number from 1 to 5' })
    .min(1, { error: 'Rating must be a whole number from 1 to 5' })
    .max(5, { error: 'Rating must be a whole number from 1 to 5' }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, {
      error: `Review must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
    })
    .default(''),
});
export type DealerReviewBody = z.infer<typeof DealerReviewBodySchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/**
 * SPEC 5 'Feedback': category, name, email (format), subject and message are required; rating is optional. The
 * 500-character counter is not enforced, but a generous cap keeps a single request from storing megabytes.
 */
export const FeedbackBodySchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: FEEDBACK_ERRORS.category }),
  name: requiredText(FEEDBACK_ERRORS.name, 200),
  email: z
    .string({ error: FEEDBACK_ERRORS.email })
    .trim()
    .min(1, { error: FEEDBACK_ERRORS.email })
    .max(254, { error: FEEDBACK_ERRORS.emailFormat })
    .pipe(z.email({ error: FEEDBACK_ERRORS.emailFormat })),
  subject: requiredText(FEEDBACK_ERRORS.subject, 200),
  message: requiredText(FEEDBACK_ERRORS.message, 10_000),
  rating: z
    .number({ error: FEEDBACK_ERRORS.rating })
    .int({ error: FEEDBACK_ERRORS.rating })
    .min(MIN_RATING, { error: FEEDBACK_ERRORS.rating })
    .max(MAX_RATING, { error: FEEDBACK_ERRORS.rating })
    .nullable()
    .optional(),
  canContact: z.boolean({ error: 'canContact must be true or false' }).default(false),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FEEDBACK_SOURCES = ['web', 'desktop'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
