import { z } from 'zod';
import {
  CarListResultSchema,
  CarSchema,
  CarStatusSchema,
  LikedCarsResultSchema,
  PriceDropSchema,
} from '../cars/index.ts';
import { TimestampSchema, pageFields } from '../shared/index.ts';
import { CountrySchema } from '../shared/index.ts';
import {
  DealerApplicationSchema,
  DealerProfileSchema,
  DealerReviewSchema,
  ReplyTimeSchema,
  ReviewsPageSchema,
  SellerBadgeSchema,
} from '../dealers/index.ts';
import { MatchResultSchema } from '../search/index.ts';
import {
  NaturalLanguageSearchResultSchema,
  PricingInsightsResultSchema,
  READ_FILTER_KEYS,
} from '../search/index.ts';
import { CommentSchema } from '../social/index.ts';
import { CAR_STATUSES } from '../cars/index.ts';
import { AuthTokensSchema, UserSchema } from '../accounts/index.ts';
import { PhotoSchema } from '../cars/index.ts';
import { DevOutboxMessageSchema } from '../accounts/index.ts';

/*
 * The answers the API sends, where they carry more than the entity schemas of ../schemas describe. Each lists every
 * field the API answers: the response serialiser drops whatever a schema here does not name.
 */

/** A car's currency as answered: the listing's code, the country's name (when known) and the symbol shown. */
export const CarCurrencyAnswerSchema = z.object({
  code: z.string(),
  name: z.string().nullable(),
  symbol: z.string(),
});

/** A car in every answer that carries cars: SPEC 3's Car plus its poster, video state and seller labels. */
export const CarAnswerSchema = CarSchema.extend({
  currency: CarCurrencyAnswerSchema,
  /** 'ready' once the videos can play; until then `videos` is empty. */
  videoStatus: z.string(),
  poster: z.string().nullable(),
  isPrivateSeller: z.boolean(),
  sellerLabel: z.string(),
  seller: z.object({ id: z.string(), name: z.string() }),
  dealerVerified: z.boolean(),
  /** 'verified-dealer' for a dealership an admin approved, 'phone-verified' for a private seller who is; else null. */
  sellerBadge: SellerBadgeSchema.nullable(),
  priceDrop: PriceDropSchema.nullable(),
  /**
   * Hidden by moderation: out of every public answer until an admin restores it, so only its seller (and admins)
   * ever read true here; the inventory marks it.
   */
  hiddenByModeration: z.boolean(),
});
export type CarAnswer = z.infer<typeof CarAnswerSchema>;

/** GET /cars/:id: the car and how soon its seller usually answers (null under 3 conversations). */
export const CarDetailAnswerSchema = CarAnswerSchema.extend({ replyTime: ReplyTimeSchema });
export type CarDetailAnswer = z.infer<typeof CarDetailAnswerSchema>;

export const CarListAnswerSchema = CarListResultSchema.extend({ cars: z.array(CarAnswerSchema) });
export type CarListAnswer = z.infer<typeof CarListAnswerSchema>;

export const LikedCarsAnswerSchema = LikedCarsResultSchema.extend({
  cars: z.array(CarAnswerSchema.extend({ likedAt: TimestampSchema })),
});
export type LikedCarsAnswer = z.infer<typeof LikedCarsAnswerSchema>;

export const CarDeletedSchema = z.object({ id: z.string(), _id: z.string(), deleted: z.literal(true) });

/** The signed-in user as answered: SPEC 3's User plus whether they sell privately. */
export const UserAnswerSchema = UserSchema.extend({
  type: z.enum(['customer', 'dealer', 'private', 'admin']),
  email: z.string().nullable(),
  dealerId: z.string().nullable(),
  isPrivateSeller: z.boolean(),
});
export type UserAnswer = z.infer<typeof UserAnswerSchema>;
export const UserResultSchema = z.object({ user: UserAnswerSchema });
export const SignedInSchema = AuthTokensSchema.extend({ user: UserAnswerSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;
/** The answers of the auth steps that only say what happened ('A code was sent ...'). */
export const NoticeSchema = z.object({ message: z.string() });
export const SignupStartedSchema = z.object({ phone: z.string(), message: z.string() });
export const ResetTokenIssuedSchema = z.object({ token: z.string(), message: z.string() });

/** A dealer as every dealer answer carries it (the public page, the list, the dealer's own settings). */
export const DealerAnswerSchema = DealerProfileSchema.extend({
  userId: z.string(),
  type: z.literal('dealer'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string(),
  businessLicense: z.string().nullable(),
  isVerified: z.boolean(),
  verified: z.boolean(),
  rating: z.number(),
  reviewCount: z.number().int(),
  carCount: z.number().int(),
  activeCars: z.number().int(),
  totalCars: z.number().int(),
  /** How soon the dealership usually answers a buyer's first message (null under 3 conversations). */
  replyTime: ReplyTimeSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type DealerAnswer = z.infer<typeof DealerAnswerSchema>;
/**
 * The dealer's own profile (GET and PUT /dealers/profile/me): also what waits. `pendingPhone` waits for the code sent
 * to it; `pendingName` (a verified dealership's new name) waits for the moderation desk. Listings show neither.
 */
export const DealerOwnAnswerSchema = DealerAnswerSchema.extend({
  pendingName: z.string().nullable(),
  pendingPhone: z.string().nullable(),
});
export type DealerOwnAnswer = z.infer<typeof DealerOwnAnswerSchema>;
export const DealersPageSchema = z.object({ dealers: z.array(DealerAnswerSchema), ...pageFields });

/** A seller application as answered (a withdrawn, 'cancelled' one is never answered). */
export const ApplicationAnswerSchema = DealerApplicationSchema.extend({
  userId: z.string(),
  reviewNotes: z.string().nullable(),
  reviewedAt: TimestampSchema.nullable(),
  updatedAt: TimestampSchema,
});
export type ApplicationAnswer = z.infer<typeof ApplicationAnswerSchema>;
const ApplicantSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});
export const PendingApplicationsSchema = z.object({
  applications: z.array(
    ApplicationAnswerSchema.extend({
      status: z.literal('pending'),
      applicantName: z.string(),
      applicantPhone: z.string(),
      applicantEmail: z.string().nullable(),
      applicant: ApplicantSchema,
    }),
  ),
});
export const ApplicationApprovedSchema = z.object({
  application: ApplicationAnswerSchema,
  dealer: DealerAnswerSchema,
});
export const ApplicationRejectedSchema = z.object({ application: ApplicationAnswerSchema });
export const ApplicationCancelledSchema = z.object({ cancelled: z.boolean() });

export const ReviewAnswerSchema = DealerReviewSchema.extend({
  dealerId: z.string(),
  userId: z.string(),
  updatedAt: TimestampSchema,
});
export const ReviewsAnswerSchema = ReviewsPageSchema.extend({
  reviews: z.array(ReviewAnswerSchema),
  averageRating: z.number(),
  reviewCount: z.number().int(),
});
export type ReviewsAnswer = z.infer<typeof ReviewsAnswerSchema>;
export const ReviewSavedSchema = z.object({
  review: ReviewAnswerSchema,
  averageRating: z.number(),
  reviewCount: z.number().int(),
});

/** The five figures the dealer overview follows (GET /dealers/me/overview). */
export const ACTIVITY_METRICS = ['views', 'likes', 'comments', 'contacts', 'messages'] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];
/** The periods the overview offers: the last 7 or 30 days, today included. */
export const OVERVIEW_PERIODS = [7, 30] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
const countsShape = Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, z.number().int()])) as Record<
  ActivityMetric,
  z.ZodNumber
>;
export const ActivityCountsSchema = z.object(countsShape);
export type ActivityCounts = z.infer<typeof ActivityCountsSchema>;
export const DealerOverviewSchema = z.object({
  days: z.literal(OVERVIEW_PERIODS),
  from: TimestampSchema,
  to: TimestampSchema,
  listings: z.object({
    total: z.number().int(),
    ...(Object.fromEntries(CAR_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof CAR_STATUSES)[number],
      z.ZodNumber
    >),
  }),
  totals: ActivityCountsSchema,
  daily: z.array(ActivityCountsSchema.extend({ date: z.string() })),
  cars: z.array(
    ActivityCountsSchema.extend({
      id: z.string(),
      _id: z.string(),
      title: z.string(),
      status: CarStatusSchema,
    }),
  ),
  recentCars: z.array(CarAnswerSchema),
  verification: z.object({ isVerified: z.boolean(), hasBusinessLicense: z.boolean() }),
});
export type DealerOverview = z.infer<typeof DealerOverviewSchema>;

/** A comment or reply as answered; `parentId` names the comment a reply belongs to. */
export const CommentAnswerSchema = CommentSchema.omit({ replies: true }).extend({
  carId: z.string(),
  parentId: z.string().nullable(),
  userId: z.string(),
  userAvatar: z.string().nullable(),
  isLiked: z.boolean(),
});
export type CommentAnswer = z.infer<typeof CommentAnswerSchema>;
export const CommentThreadSchema = CommentAnswerSchema.extend({ replies: z.array(CommentAnswerSchema) });
export type CommentThread = z.infer<typeof CommentThreadSchema>;
export const CommentsAnswerSchema = z.object({ comments: z.array(CommentThreadSchema), ...pageFields });
export type CommentsAnswer = z.infer<typeof CommentsAnswerSchema>;
export const LikersPageSchema = z.object({
  totalLikes: z.number().int(),
  likers: z.array(
    z.object({
      id: z.string(),
      _id: z.string(),
      name: z.string(),
      avatar: z.string().nullable(),
      likedAt: TimestampSchema,
    }),
  ),
  ...pageFields,
});
export const ShareCountSchema = z.object({ shares: z.number().int() });

export const SearchMatchSchema = MatchResultSchema.extend({ car: CarAnswerSchema });
export const SearchAnswerSchema = NaturalLanguageSearchResultSchema.extend({
  cars: z.array(SearchMatchSchema),
  /** True when the cars meet every filter the query was read as; false for near matches or none at all. */
  exact: z.boolean(),
  /**
   * The filters let go to find near matches (empty for an exact answer), least telling first: the page marks their
   * chips. A named make or model is only ever let go here, never silently.
   */
  relaxed: z.array(z.enum(READ_FILTER_KEYS)),
  /** How many cars match in all, of which `cars` are the best few ('Top 20 of 203 matches'). */
  total: z.number().int().nonnegative(),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;
export const RecommendationsAnswerSchema = z.object({
  cars: z.array(SearchMatchSchema),
  reasoning: z.string(),
  /** How many cars meet at least half of the quiz, of which `cars` are the best few. */
  total: z.number().int().nonnegative(),
});
export type RecommendationsAnswer = z.infer<typeof RecommendationsAnswerSchema>;
export const PricingInsightsAnswerSchema = PricingInsightsResultSchema.extend({ confidence: z.number() });
export type PricingInsightsAnswer = z.infer<typeof PricingInsightsAnswerSchema>;

/** A country as answered, its codes as the country data has them (a territory may lack a calling code). */
export const CountryAnswerSchema = CountrySchema.extend({
  code: z.string(),
  code3: z.string(),
  callingCode: z.string(),
  dialCode: z.string(),
  flag: z.string(),
  currency: z.object({ code: z.string(), name: z.string(), symbol: z.string() }).nullable(),
});
export type CountryAnswer = z.infer<typeof CountryAnswerSchema>;
export const CountriesAnswerSchema = z.object({ countries: z.array(CountryAnswerSchema) });
export const CurrentCountryAnswerSchema = z.object({ country: CountryAnswerSchema });
export const FormattedPriceSchema = z.object({ formatted: z.string(), currency: z.string().nullable() });

export const UploadedSchema = z.object({ url: z.string(), key: z.string(), photo: PhotoSchema.optional() });
export const MediaDeletedSchema = z.object({ key: z.string(), deleted: z.literal(true) });

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.string() });
/** GET /ready: this process takes traffic (answered 503 while it starts or drains). */
export const ReadinessSchema = z.object({ status: z.literal('ready') });
export const FeedbackReceivedSchema = z.object({ id: z.string() });
export const DevOutboxAnswerSchema = z.object({
  messages: z.array(DevOutboxMessageSchema.extend({ id: z.string(), _id: z.string() })),
});
