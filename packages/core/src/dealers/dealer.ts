import { z } from 'zod';
import { WEEKDAYS } from './business-hours.ts';
import { RATING_MAX, RATING_MIN } from './feedback-catalogue.ts';
import type { Weekday } from './business-hours.ts';
import { SellerTypeSchema } from '../cars/index.ts';
import { OtpSchema } from '../accounts/index.ts';
import {
  EmailSchema,
  PAGE_SIZES,
  PhoneSchema,
  TimestampSchema,
  blankToUndefined,
  idFields,
  pageFields,
  pageQuerySchema,
  requiredText,
} from '../shared/index.ts';

/** SPEC 9: display text per weekday ('9:00 AM - 6:00 PM' or 'Closed'); editing is not offered yet. */
export const BusinessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.string()])) as Record<Weekday, z.ZodString>,
);
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/** SPEC 3 dealer profile (GET /dealers/profile/me and the public dealer page). */
export const DealerProfileSchema = z.object({
  ...idFields,
  userId: z.string().nullish(),
  name: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  location: z.string().nullish(),
  businessLicense: z.string().nullish(),
  businessHours: BusinessHoursSchema,
  isVerified: z.boolean().optional(),
  rating: z.number().min(0).max(5).nullish(),
  reviewCount: z.number().int().nonnegative().optional(),
  carCount: z.number().int().nonnegative().optional(),
  createdAt: TimestampSchema.optional(),
});
export type DealerProfile = z.infer<typeof DealerProfileSchema>;

/** Optional text a settings form may clear: '' or null clears it, absent leaves it unchanged. */
const clearableText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional(),
  );

/**
 * SPEC 7 PUT /dealers/profile/me. Business hours are not editable (SPEC 9: coming soon), so they are not
 * part of the body.
 */
export const DealerProfileUpdateBodySchema = z
  .object({
    name: requiredText('Dealership name', 100).optional(),
    email: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      EmailSchema.nullable().optional(),
    ),
    /** A new phone is only requested here: a code goes to it, and phoneCode confirms it (docs/SECURITY.md). */
    phone: z.preprocess(blankToUndefined, PhoneSchema.optional()),
    /** The code sent to the requested new phone; with it the new phone replaces the old. */
    phoneCode: OtpSchema.optional(),
    location: clearableText('Location', 200),
    businessLicense: clearableText('Business license', 100),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');
export type DealerProfileUpdateBody = z.infer<typeof DealerProfileUpdateBodySchema>;

/** SPEC 3 dealer review. */
export const DealerReviewSchema = z.object({
  ...idFields,
  dealerId: z.string().optional(),
  userId: z.string().nullish(),
  userName: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: z.string(),
  createdAt: TimestampSchema,
});
export type DealerReview = z.infer<typeof DealerReviewSchema>;

export const REVIEW_COMMENT_MAX_LENGTH = 1000;

export const ReviewCreateBodySchema = z.object({
  rating: z
    .number('Rating is required')
    .int('Rating must be a whole number')
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
  comment: requiredText('Comment', REVIEW_COMMENT_MAX_LENGTH),
});
export type ReviewCreateBody = z.infer<typeof ReviewCreateBodySchema>;

export const ReviewsQuerySchema = pageQuerySchema(PAGE_SIZES.reviews);
export type ReviewsQuery = z.infer<typeof ReviewsQuerySchema>;

/** SPEC 7: reviews arrive in `data.reviews`. */
export const ReviewsPageSchema = z.object({
  reviews: z.array(DealerReviewSchema),
  ...pageFields,
  averageRating: z.number().min(0).max(5).nullish(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);

/** SPEC 3 dealer application. businessType 'private' is the 'Sell Privately' registration. */
export const DealerApplicationSchema = z.object({
  ...idFields,
  userId: z.string().optional(),
  status: ApplicationStatusSchema,
  businessName: z.string(),
  businessType: SellerTypeSchema,
  location: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema.optional(),
  reviewNotes: z.string().nullish(),
});
export type DealerApplication = z.infer<typeof DealerApplicationSchema>;

/**
 * SPEC 7 POST /dealer-applications. A dealership needs its name; a private seller registers with a
 * location only (SPEC 5), so the name is optional there and the API uses the account's name.
 */
export const DealerApplicationCreateBodySchema = z
  .object({
    businessName: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100, 'Dealership name must be at most 100 characters').optional(),
    ),
    businessType: SellerTypeSchema,
    location: requiredText('Location', 200),
  })
  // `when` runs the check even when another field failed, so a form missing both inputs hears of both at once.
  .superRefine(
    (body, ctx) => {
      if (body.businessType === 'dealer' && body.businessName === undefined) {
        ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Dealership name is required' });
      }
    },
    { when: () => true },
  );
export type DealerApplicationCreateBody = z.infer<typeof DealerApplicationCreateBodySchema>;

/** A dealer as GET /dealers lists them. */
export const DealerSummarySchema = DealerProfileSchema.pick({
  id: true,
  _id: true,
  name: true,
  location: true,
  phone: true,
  isVerified: true,
  rating: true,
  reviewCount: true,
  carCount: true,
});
export type DealerSummary = z.infer<typeof DealerSummarySchema>;
