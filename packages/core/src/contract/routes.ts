import { z } from 'zod';
import {
  EnhanceDescriptionBodySchema,
  EnhancedDescriptionSchema,
  GenerateListingBodySchema,
  GeneratedListingSchema,
  NaturalLanguageSearchBodySchema,
  PricingInsightsBodySchema,
  RecommendationsBodySchema,
} from '../search/index.ts';
import {
  LogoutRequestSchema,
  OtpCheckRequestSchema,
  PhoneRequestSchema,
  ResendOtpRequestSchema,
  SignupRequestSchema,
  VerifySignupRequestSchema,
} from '../accounts/index.ts';
import { LoginBodySchema, RefreshTokenBodySchema, ResetPasswordBodySchema } from '../accounts/index.ts';
import {
  BulkStatusBodySchema,
  BulkStatusResultSchema,
  CarCreateBodySchema,
  CarImportAnswerSchema,
  CarImportQuerySchema,
  CarListQuerySchema,
  CarUpdateBodySchema,
  LikedCarsQuerySchema,
} from '../cars/index.ts';
import { IdParamsSchema, PageQuerySchema } from '../shared/index.ts';
import { FormatPriceBodySchema } from '../shared/index.ts';
import {
  DealerProfileUpdateBodySchema,
  ReviewCreateBodySchema,
  ReviewsQuerySchema,
} from '../dealers/index.ts';
import { FeedbackBodySchema } from '../dealers/index.ts';
import {
  ConversationsQuerySchema,
  MessageSendBodySchema,
  MessagesQuerySchema,
  UnreadCountSchema,
} from '../messaging/index.ts';
import {
  ApiConversationsPageSchema,
  ApiMessagesPageSchema,
  ConversationOpenBodySchema,
  ConversationOpenedSchema,
  ConversationReadSchema,
  ConversationReportBodySchema,
  ConversationReportSchema,
  ConversationUnreadCountSchema,
  MessageAnswerSchema,
  MessageStreamQuerySchema,
} from '../messaging/index.ts';
import {
  AccountCountryBodySchema,
  AccountCountrySchema,
  AccountDeleteBodySchema,
  AccountDeletedSchema,
  ProfileUpdateBodySchema,
} from '../accounts/index.ts';
import {
  NotificationSettingsSchema,
  PushPublicKeySchema,
  PushSubscribedSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '../notifications/index.ts';
import { ShareCountBodySchema, TrackShareBodySchema, ViewTrackBodySchema } from '../social/index.ts';
import {
  CarIdsBatchBodySchema,
  CarStatsMapSchema,
  CarStatsSchema,
  CommentBodySchema,
  CommentsQuerySchema,
  LikeStatusMapSchema,
  LikeToggleResultSchema,
  ViewCountSchema,
} from '../social/index.ts';
import { AuthTokensSchema } from '../accounts/index.ts';
import {
  ApplicationAnswerSchema,
  ApplicationApprovedSchema,
  ApplicationCancelledSchema,
  ApplicationRejectedSchema,
  CarAnswerSchema,
  CarDetailAnswerSchema,
  CarDeletedSchema,
  CarListAnswerSchema,
  CommentAnswerSchema,
  CommentThreadSchema,
  CommentsAnswerSchema,
  CountriesAnswerSchema,
  CurrentCountryAnswerSchema,
  DealerAnswerSchema,
  DealerOwnAnswerSchema,
  DealerOverviewSchema,
  DealersPageSchema,
  DevOutboxAnswerSchema,
  FeedbackReceivedSchema,
  FormattedPriceSchema,
  HealthSchema,
  ReadinessSchema,
  LikedCarsAnswerSchema,
  LikersPageSchema,
  MediaDeletedSchema,
  NoticeSchema,
  PendingApplicationsSchema,
  PricingInsightsAnswerSchema,
  RecommendationsAnswerSchema,
  ResetTokenIssuedSchema,
  ReviewSavedSchema,
  ReviewsAnswerSchema,
  SearchAnswerSchema,
  ShareCountSchema,
  SignedInSchema,
  SignupStartedSchema,
  UploadedSchema,
  UserResultSchema,
} from './answers.ts';
import { SentMessageAnswerSchema } from './stream-events.ts';
import {
  AnyIdParamsSchema,
  ApplicationRejectBodySchema,
  DealerApplicationBodySchema,
  DealerOverviewQuerySchema,
  DevOutboxListQuerySchema,
  FlagParamsSchema,
  LikersQuerySchema,
  MediaKeyBodySchema,
  MyCarsQuerySchema,
  UserIdParamsSchema,
} from './requests.ts';
import {
  NotificationsPageSchema,
  NotificationsQuerySchema,
  NotificationsReadSchema,
  SavedSearchCreateBodySchema,
  SavedSearchDeletedSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchUpdateBodySchema,
} from '../notifications/index.ts';
import {
  AdminReportsPageSchema,
  AdminReportsQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  BlockStateSchema,
  BlockedListSchema,
  ModerationActionBodySchema,
  ModerationActionResultSchema,
  ReportBodySchema,
  ReportFiledSchema,
} from '../moderation/index.ts';
import { route } from './route-contract.ts';
import { PriceHistorySchema } from '../cars/index.ts';

const created = [201] as const;
const openedOrCreated = [200, 201] as const;

/**
 * The API's wire contract: every route under /api by method and path, with what it takes and the `data` of its
 * success envelope. The API registers its routes' schemas from it (responses are serialised by their schema, so a
 * field not listed here never leaves the server) and packages/api-client is typed from it.
 */
export const apiContract = {
  'GET /health': route({ response: HealthSchema }),
  'GET /ready': route({ response: ReadinessSchema }),

  // Cars (SPEC 7)
  'GET /cars': route({ query: CarListQuerySchema, response: CarListAnswerSchema }),
  'GET /cars/mine': route({ query: MyCarsQuerySchema, response: CarListAnswerSchema }),
  'GET /cars/user/liked': route({ query: LikedCarsQuerySchema, response: LikedCarsAnswerSchema }),
  'POST /cars/bulk-status': route({ body: BulkStatusBodySchema, response: BulkStatusResultSchema }),
  'GET /cars/:id': route({ params: IdParamsSchema, response: CarDetailAnswerSchema }),
  'GET /cars/:id/price-history': route({ params: IdParamsSchema, response: PriceHistorySchema }),
  'POST /cars': route({ body: CarCreateBodySchema, response: CarAnswerSchema, status: created }),
  // Multipart (the CSV in a file field, read as a stream): no body schema.
  'POST /cars/import': route({ query: CarImportQuerySchema, response: CarImportAnswerSchema }),
  'PUT /cars/:id': route({ params: IdParamsSchema, body: CarUpdateBodySchema, response: CarAnswerSchema }),
  'DELETE /cars/:id': route({ params: IdParamsSchema, response: CarDeletedSchema }),

  // Social
  'POST /cars/:id/like': route({ params: AnyIdParamsSchema, response: LikeToggleResultSchema }),
  'GET /cars/:id/likes': route({
    params: AnyIdParamsSchema,
    query: LikersQuerySchema,
    response: LikersPageSchema,
  }),
  'POST /cars/:id/views': route({
    params: AnyIdParamsSchema,
    body: ViewTrackBodySchema,
    response: ViewCountSchema,
  }),
  'GET /cars/:id/views': route({ params: AnyIdParamsSchema, response: ViewCountSchema }),
  'GET /cars/:id/comments': route({
    params: AnyIdParamsSchema,
    query: CommentsQuerySchema,
    response: CommentsAnswerSchema,
  }),
  'POST /cars/:id/comments': route({
    params: AnyIdParamsSchema,
    body: CommentBodySchema,
    response: CommentThreadSchema,
    status: created,
  }),
  'POST /cars/comments/:id/like': route({ params: AnyIdParamsSchema, response: LikeToggleResultSchema }),
  'POST /cars/comments/:id/reply': route({
    params: AnyIdParamsSchema,
    body: CommentBodySchema,
    response: CommentAnswerSchema,
    status: created,
  }),
  'POST /cars/:id/share': route({
    params: AnyIdParamsSchema,
    body: ShareCountBodySchema,
    response: ShareCountSchema,
  }),
  'POST /shares/:id/track': route({
    params: AnyIdParamsSchema,
    body: TrackShareBodySchema,
    response: ShareCountSchema,
  }),
  'GET /cars/:id/stats': route({ params: AnyIdParamsSchema, response: CarStatsSchema }),
  'POST /cars/stats/batch': route({ body: CarIdsBatchBodySchema, response: CarStatsMapSchema }),
  'POST /cars/likes/batch-status': route({ body: CarIdsBatchBodySchema, response: LikeStatusMapSchema }),

  // Dealers
  'GET /dealers': route({ query: PageQuerySchema, response: DealersPageSchema }),
  'GET /dealers/profile/me': route({ response: DealerOwnAnswerSchema }),
  'PUT /dealers/profile/me': route({ body: DealerProfileUpdateBodySchema, response: DealerOwnAnswerSchema }),
  'GET /dealers/admin/pending': route({ response: PendingApplicationsSchema }),
  'PUT /dealers/:id/approve': route({ params: IdParamsSchema, response: ApplicationApprovedSchema }),
  'PUT /dealers/:id/reject': route({
    params: IdParamsSchema,
    body: ApplicationRejectBodySchema,
    response: ApplicationRejectedSchema,
  }),
  'GET /dealers/:id': route({ params: IdParamsSchema, response: DealerAnswerSchema }),
  'GET /dealers/:id/cars': route({
    params: IdParamsSchema,
    query: CarListQuerySchema,
    response: CarListAnswerSchema,
  }),
  'GET /dealers/me/overview': route({ query: DealerOverviewQuerySchema, response: DealerOverviewSchema }),
  'GET /dealers/:id/reviews': route({
    params: AnyIdParamsSchema,
    query: ReviewsQuerySchema,
    response: ReviewsAnswerSchema,
  }),
  'POST /dealers/:id/reviews': route({
    params: AnyIdParamsSchema,
    body: ReviewCreateBodySchema,
    response: ReviewSavedSchema,
    status: openedOrCreated,
  }),

  // Dealer applications, also under the /auth aliases SPEC 7 declares
  'POST /dealer-applications': route({
    body: DealerApplicationBodySchema,
    response: ApplicationAnswerSchema,
    status: created,
  }),
  'POST /auth/apply-dealer': route({
    body: DealerApplicationBodySchema,
    response: ApplicationAnswerSchema,
    status: created,
  }),
  'GET /dealer-applications/my-application': route({ response: ApplicationAnswerSchema.nullable() }),
  'GET /auth/dealer-application-status': route({ response: ApplicationAnswerSchema.nullable() }),
  'DELETE /dealer-applications/my-application': route({ response: ApplicationCancelledSchema }),

  // Auth and account
  'POST /auth/signup': route({ body: SignupRequestSchema, response: SignupStartedSchema, status: created }),
  'POST /auth/verify-signup': route({ body: VerifySignupRequestSchema, response: SignedInSchema }),
  'POST /auth/login': route({ body: LoginBodySchema, response: SignedInSchema }),
  'POST /auth/logout': route({ body: LogoutRequestSchema, response: NoticeSchema }),
  'GET /auth/me': route({ response: UserResultSchema }),
  'PUT /auth/me': route({ body: ProfileUpdateBodySchema, response: UserResultSchema }),
  'PUT /account/country': route({ body: AccountCountryBodySchema, response: AccountCountrySchema }),
  'POST /auth/refresh-token': route({ body: RefreshTokenBodySchema, response: AuthTokensSchema }),
  'POST /auth/forgot-password': route({ body: PhoneRequestSchema, response: NoticeSchema }),
  'POST /auth/verify-forgot-password': route({
    body: OtpCheckRequestSchema,
    response: ResetTokenIssuedSchema,
  }),
  'POST /auth/reset-password': route({ body: ResetPasswordBodySchema, response: NoticeSchema }),
  'POST /auth/resend-otp': route({ body: ResendOtpRequestSchema, response: NoticeSchema }),
  'DELETE /account': route({ body: AccountDeleteBodySchema, response: AccountDeletedSchema }),
  'GET /account/notification-settings': route({ response: NotificationSettingsSchema }),
  'PUT /account/notification-settings': route({
    body: NotificationSettingsSchema,
    response: NotificationSettingsSchema,
  }),
  'GET /push/public-key': route({ response: PushPublicKeySchema }),
  'POST /push-subscriptions': route({
    body: PushSubscriptionBodySchema,
    response: PushSubscribedSchema,
    status: created,
  }),
  'DELETE /push-subscriptions': route({ body: PushUnsubscribeBodySchema, response: PushSubscribedSchema }),
  'GET /dev/outbox': route({ query: DevOutboxListQuerySchema, response: DevOutboxAnswerSchema }),

  // Countries
  'GET /countries/picker': route({ response: CountriesAnswerSchema }),
  'GET /countries/supported': route({ response: CountriesAnswerSchema }),
  'GET /countries/current': route({ response: CurrentCountryAnswerSchema }),
  'POST /countries/format-price': route({ body: FormatPriceBodySchema, response: FormattedPriceSchema }),
  'GET /countries/flags/:file': route({
    params: FlagParamsSchema,
    response: z.string().describe('The flag as an SVG image'),
    mediaType: 'image/svg+xml',
  }),

  // AI
  'POST /ai/search-natural-language': route({
    body: NaturalLanguageSearchBodySchema,
    response: SearchAnswerSchema,
  }),
  'POST /ai/recommendations': route({
    body: RecommendationsBodySchema,
    response: RecommendationsAnswerSchema,
  }),
  'POST /ai/pricing-insights': route({
    body: PricingInsightsBodySchema,
    response: PricingInsightsAnswerSchema,
  }),
  'POST /ai/generate-listing': route({ body: GenerateListingBodySchema, response: GeneratedListingSchema }),
  'POST /ai/enhance-description': route({
    body: EnhanceDescriptionBodySchema,
    response: EnhancedDescriptionSchema,
  }),

  // Messages
  'POST /messages/send': route({
    body: MessageSendBodySchema,
    response: SentMessageAnswerSchema,
    status: created,
  }),
  'POST /messages/conversations': route({
    body: ConversationOpenBodySchema,
    response: ConversationOpenedSchema,
    status: openedOrCreated,
  }),
  'GET /messages/conversations': route({
    query: ConversationsQuerySchema,
    response: ApiConversationsPageSchema,
  }),
  'GET /messages/conversations/:userId': route({
    params: UserIdParamsSchema,
    query: MessagesQuerySchema,
    response: ApiMessagesPageSchema,
  }),
  'PUT /messages/:id/read': route({ params: IdParamsSchema, response: MessageAnswerSchema }),
  'PUT /messages/conversations/:id/read': route({ params: IdParamsSchema, response: ConversationReadSchema }),
  'GET /messages/unread-count': route({ response: UnreadCountSchema }),
  'GET /messages/conversations/:id/unread-count': route({
    params: IdParamsSchema,
    response: ConversationUnreadCountSchema,
  }),
  'POST /messages/conversations/:id/report': route({
    params: IdParamsSchema,
    body: ConversationReportBodySchema,
    response: ConversationReportSchema,
    status: created,
  }),
  /** Its events are MessageStreamEventSchema (stream-events.ts), one SSE event each. */
  'GET /messages/stream': route({
    query: MessageStreamQuerySchema,
    response: z.string().describe('Server-sent events: message, read and unread (MessageStreamEvent)'),
    mediaType: 'text/event-stream',
  }),

  // Notifications and saved searches
  'GET /notifications': route({ query: NotificationsQuerySchema, response: NotificationsPageSchema }),
  'PUT /notifications/read-all': route({ response: NotificationsReadSchema }),
  'PUT /notifications/:id/read': route({ params: IdParamsSchema, response: NotificationsReadSchema }),
  'POST /saved-searches': route({
    body: SavedSearchCreateBodySchema,
    response: SavedSearchSchema,
    status: created,
  }),
  'GET /saved-searches': route({ response: SavedSearchListSchema }),
  'PUT /saved-searches/:id': route({
    params: IdParamsSchema,
    body: SavedSearchUpdateBodySchema,
    response: SavedSearchSchema,
  }),
  'DELETE /saved-searches/:id': route({ params: IdParamsSchema, response: SavedSearchDeletedSchema }),

  // Trust and safety: reports, the moderation desk, blocks
  'POST /reports': route({ body: ReportBodySchema, response: ReportFiledSchema, status: openedOrCreated }),
  'GET /admin/reports': route({ query: AdminReportsQuerySchema, response: AdminReportsPageSchema }),
  'POST /admin/reports/actions': route({
    body: ModerationActionBodySchema,
    response: ModerationActionResultSchema,
  }),
  'GET /admin/audit': route({ query: AuditQuerySchema, response: AuditPageSchema }),
  'GET /users/me/blocked': route({ response: BlockedListSchema }),
  'POST /users/:id/block': route({ params: IdParamsSchema, response: BlockStateSchema }),
  'DELETE /users/:id/block': route({ params: IdParamsSchema, response: BlockStateSchema }),

  // Media and feedback
  'POST /media/upload': route({ response: UploadedSchema }),
  'DELETE /media/delete': route({ body: MediaKeyBodySchema, response: MediaDeletedSchema }),
  'POST /feedback': route({ body: FeedbackBodySchema, response: FeedbackReceivedSchema, status: created }),
} as const;

export type ApiContract = typeof apiContract;
export type ApiRouteKey = keyof ApiContract;
