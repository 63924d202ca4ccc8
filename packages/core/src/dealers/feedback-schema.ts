import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_ERRORS, NOT_RATED, RATING_MAX } from './feedback-catalogue.ts';
import { EmailSchema, TimestampSchema, blankToUndefined, idFields, requiredText } from '../shared/index.ts';
import { UserRoleSchema } from '../accounts/index.ts';

export const FeedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES);

/**
 * SPEC 9: the counter shows 500 characters but nothing enforces it; the ceiling here only stops abuse and
 * is far above what the form invites.
 */
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;

/** 0 means 'not rated' (SPEC 3: rating 0-5). */
export const FeedbackRatingSchema = z
  .number('Rating must be a number')
  .int('Rating must be a whole number')
  .min(NOT_RATED, FEEDBACK_ERRORS.rating)
  .max(RATING_MAX, FEEDBACK_ERRORS.rating);

/** SPEC 5 Feedback: category, name, email, subject and message are required; rating is optional. */
export const FeedbackBodySchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, FEEDBACK_ERRORS.category),
  name: requiredText('Name', 100),
  email: z.string(FEEDBACK_ERRORS.email).trim().min(1, FEEDBACK_ERRORS.email).pipe(EmailSchema),
  subject: requiredText('Subject', 200),
  message: requiredText('Message', FEEDBACK_MESSAGE_MAX_LENGTH),
  rating: z.preprocess(blankToUndefined, FeedbackRatingSchema.optional()),
  canContact: z.boolean().default(false),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;
export type FeedbackBodyInput = z.input<typeof FeedbackBodySchema>;

/** SPEC 3 Feedback as stored. */
export const FeedbackSchema = z.object({
  ...idFields,
  userId: z.string().nullish(),
  category: FeedbackCategorySchema,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  rating: z.number().int().min(NOT_RATED).max(RATING_MAX).nullish(),
  canContact: z.boolean(),
  createdAt: TimestampSchema,
});
export type Feedback = z.infer<typeof FeedbackSchema>;

/** SPEC 7: what the automation webhook receives: the form plus timestamp, userInfo and a source tag. */
export const FeedbackWebhookPayloadSchema = z.object({
  category: FeedbackCategorySchema,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  rating: z.number().int().min(NOT_RATED).max(RATING_MAX).optional(),
  canContact: z.boolean(),
  timestamp: TimestampSchema,
  userInfo: z
    .object({
      name: z.string(),
      phone: z.string(),
      role: UserRoleSchema,
      accountCreated: z.string().nullish(),
    })
    .nullable(),
  source: z.string(),
});
export type FeedbackWebhookPayload = z.infer<typeof FeedbackWebhookPayloadSchema>;
