import { join } from 'node:path';
import pino from 'pino';
import { findFfmpegBinaries } from '@autoreel/video';
import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { openJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { createOtpSender } from './otp/create-otp-sender.ts';
import { createWriteLimits, type WriteLimits } from './plugins/write-limits.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { Readiness } from './http/readiness.ts';
import { DatabaseHealthRepository } from './shared/database-health.repository.ts';
import { IdempotencyRepository } from './shared/idempotency.repository.ts';
import { IdempotencyService } from './shared/idempotency.service.ts';
import { PublicAnswerCache } from './shared/public-answer-cache.ts';
import { createRateLimitFactory, openRateLimitStore, type RateLimitFactory } from './shared/rate-limits.ts';
import { AccessTokenService } from './accounts/access-token.service.ts';
import { AccountDeletionRepository } from './accounts/account-deletion.repository.ts';
import { AccountDeletionService, WRONG_DELETION_PASSWORDS } from './accounts/account-deletion.service.ts';
import { AccountErasureJob, ERASURE_INTERVAL_MINUTES } from './accounts/account-erasure.job.ts';
import { CarChangesPruneJob, CAR_CHANGES_PRUNE_INTERVAL_MINUTES } from './cars/car-changes-prune.job.ts';
import { ReplyTimeRepository, ReplyTimesJob, REPLY_TIMES_INTERVAL_MINUTES } from './messaging/reply-times.ts';
import { AccountQuotas } from './accounts/account-quotas.ts';
import { AccountStatusRepository } from './accounts/account-status.repository.ts';
import { AccountSuspensionService } from './accounts/account-suspension.service.ts';
import { AccountRepository } from './accounts/account.repository.ts';
import { AccountService } from './accounts/account.service.ts';
import { AuthService } from './accounts/auth.service.ts';
import { CountryRepository } from './accounts/country.repository.ts';
import { CountryService } from './accounts/country.service.ts';
import { DevOutboxService } from './accounts/dev-outbox.service.ts';
import { LoginThrottle } from './accounts/login-throttle.ts';
import { OtpRepository } from './accounts/otp.repository.ts';
import { OtpService } from './accounts/otp.service.ts';
import { QuotaRepository } from './accounts/quota.repository.ts';
import { SessionRepository } from './accounts/session.repository.ts';
import { SessionService } from './accounts/session.service.ts';
import { SignedInCheck } from './accounts/signed-in-check.service.ts';
import { toRole } from './accounts/user.presenter.ts';
import { UserRepository } from './accounts/user.repository.ts';
import { AiRepository } from './ai/ai.repository.ts';
import { AiService } from './ai/ai.service.ts';
import { createAiProvider } from './ai/create-ai-provider.ts';
import { CarRepository } from './cars/car.repository.ts';
import { CarService } from './cars/car.service.ts';
import { DealerOverviewRepository } from './dealers/dealer-overview.repository.ts';
import { DealerOverviewService } from './dealers/dealer-overview.service.ts';
import { DealerReviewRepository } from './dealers/dealer-review.repository.ts';
import { DealerReviewService } from './dealers/dealer-review.service.ts';
import { DealerRepository } from './dealers/dealer.repository.ts';
import { DealerService } from './dealers/dealer.service.ts';
import { FeedbackDeliverer } from './feedback/feedback-delivery.service.ts';
import { FeedbackRepository } from './feedback/feedback.repository.ts';
import { FEEDBACK_LIMIT, FeedbackService } from './feedback/feedback.service.ts';
import { MediaRepository } from './media/media.repository.ts';
import { MediaService } from './media/media.service.ts';
import { photoRenditionsJob } from './media/photo-renditions.job.ts';
import { PrivateMediaLinks } from './media/private-media-url.ts';
import { videoPreparationJob } from './media/video-job.queue.ts';
import { MessageEventHub } from './messaging/message-events.service.ts';
import { MessagingRepository } from './messaging/messaging.repository.ts';
import { MessagingService } from './messaging/messaging.service.ts';
import { UserAnswerCache } from './messaging/user-answer-cache.ts';
import { CarAlerts, carAlertsJob, ChangeLogWake } from './notifications/car-alerts.ts';
import { DailyDigest, DIGEST_INTERVAL_MINUTES } from './notifications/daily-digest.ts';
import { NotificationDispatcher } from './notifications/notification-dispatcher.ts';
import { NotificationRepository } from './notifications/notification.repository.ts';
import { NotificationService } from './notifications/notification.service.ts';
import { SavedSearchService } from './saved-searches/saved-search.service.ts';
import { WebPushChannel } from './notifications/push/push.channel.ts';
import { PushSubscriptionRepository } from './notifications/push/push-subscription.repository.ts';
import { PushSubscriptionService } from './notifications/push/push-subscription.service.ts';
import { NotificationSettingsRepository } from './notifications/settings/notification-settings.repository.ts';
import { NotificationSettingsService } from './notifications/settings/notification-settings.service.ts';
import { WhatsAppChannel } from './notifications/whatsapp/whatsapp.channel.ts';
import { WhatsAppNoticeRepository } from './notifications/whatsapp/whatsapp-notice.repository.ts';
import type { NotificationChannel } from './notifications/channels/channel.ts';
import { resolveVapidKeys } from './config/secrets.ts';
import { BlockService } from './moderation/block.service.ts';
import { ModerationRepository } from './moderation/moderation.repository.ts';
import { ModerationService } from './moderation/moderation.service.ts';
import { REPORTS_PER_ACCOUNT, REPORTS_PER_ADDRESS, ReportService } from './moderation/report.service.ts';
import { SocialRepository } from './social/social.repository.ts';
import { SocialService, VIEWS_PER_ADDRESS } from './social/social.service.ts';

/**
 * The composition root: every repository and service the routes use, built once per server from its configuration
 * and database, here and nowhere else. Tests build the same context over a fresh database, so they exercise exactly
 * what production runs.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** Whether the database answers (GET /health). */
  health: DatabaseHealthRepository;
  /** Whether the proxy should send this process traffic (GET /ready): not while it starts or drains. */
  readiness: Readiness;
  tokens: AccessTokenService;
  /** Checks a bearer token and that its account and sign-in still stand. */
  signedIn: SignedInCheck;
  /** Suspends and restores accounts (the moderation desk's action). */
  accountSuspension: AccountSuspensionService;
  /** POST /reports: reports of anything, one per reporter and target. */
  reports: ReportService;
  /** The admins' moderation desk: the grouped queue, its actions and the audit log. */
  moderation: ModerationService;
  /** Blocks between people. */
  blocks: BlockService;
  storage: MediaStorage;
  media: MediaService;
  /** Media rows, read by the private media files' participant check. */
  mediaRepository: MediaRepository;
  /** Signed per-viewer links to conversation attachments. */
  privateMedia: PrivateMediaLinks;
  /** Per-account quotas on stored bytes and listings per day. */
  quotas: AccountQuotas;
  /** Background jobs (video preparation, photo renditions, erasure): shared by every process on Postgres. */
  jobs: JobQueue;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
  cars: CarService;
  dealers: DealerService;
  /** The dealer dashboard's overview figures. */
  dealerOverview: DealerOverviewService;
  dealerReviews: DealerReviewService;
  /** Likes, views, comments and shares. */
  social: SocialService;
  feedback: FeedbackService;
  /** Started and stopped by the feedback routes with the server. */
  feedbackDelivery: FeedbackDeliverer;
  /** Live delivery of messages across every API process on this database. */
  messageEvents: MessageEventHub;
  messaging: MessagingService;
  ai: AiService;
  auth: AuthService;
  sessions: SessionService;
  otp: OtpService;
  countries: CountryService;
  devOutbox: DevOutboxService;
  /** The signed-in user's own profile. */
  account: AccountService;
  /** DELETE /account: closes an account at once. */
  accountDeletion: AccountDeletionService;
  /** Erases the personal data of closed accounts when it is due; scheduled on the job queue. */
  accountErasure: AccountErasureJob;
  /** Deletes the catalogue change log's entries past their retention; scheduled on the job queue. */
  carChangesPrune: CarChangesPruneJob;
  /** Works out every seller's reply time again as the window slides; scheduled on the job queue. */
  replyTimes: ReplyTimesJob;
  writeLimits: WriteLimits;
  /** Builds a named limit whose counters every API process on this deployment shares. */
  rateLimits: RateLimitFactory;
  /** Closes the limits' store (a Redis connection, when there is one). */
  closeRateLimits: () => Promise<void>;
  /** Caller-independent read answers, kept briefly as JSON text and cleared by writes to cars. */
  publicAnswers: PublicAnswerCache;
  /** A user's own conversation answers, kept briefly as JSON text and cleared by the message events naming them. */
  userAnswers: UserAnswerCache;
  /** In-app notifications, written once per source and told to open streams. */
  notifications: NotificationService;
  /** Works the outbox of deliveries to the channels beyond the open tab. */
  notificationDispatcher: NotificationDispatcher;
  /** Reads the catalogue's change log into saved-search and price-drop alerts. */
  carAlerts: CarAlerts;
  dailyDigest: DailyDigest;
  /** Started and closed with the server: wakes the alerts' reader when the change log grows. */
  changeLogWake: ChangeLogWake;
  savedSearches: SavedSearchService;
  /** Each account's notification channels per kind, quiet hours and presence. */
  notificationSettings: NotificationSettingsService;
  /** Each device's push subscription. */
  pushSubscriptions: PushSubscriptionService;
  /** The channels beyond the open tab, each handed every notification by the dispatcher; push only when set up. */
  notificationChannels: NotificationChannel[];
}

/** What a deployment plugs in beyond its configuration. */
export interface ContextOptions {
  /** The channels beyond the open tab (Web Push, WhatsApp); each notification gets one delivery per channel. */
  channels?: NotificationChannel[];
}

/** Every repository, one of each over the server's database. */
function createRepositories(db: Database, carsChanged: () => void) {
  return {
    accountDeletions: new AccountDeletionRepository(db),
    accountStatus: new AccountStatusRepository(db),
    accounts: new AccountRepository(db),
    ai: new AiRepository(db),
    cars: new CarRepository(db),
    countries: new CountryRepository(db),
    dealerOverview: new DealerOverviewRepository(db),
    dealerReviews: new DealerReviewRepository(db),
    dealers: new DealerRepository(db),
    feedback: new FeedbackRepository(db),
    notifications: new NotificationRepository(db),
    idempotency: new IdempotencyRepository(db),
    media: new MediaRepository(db, carsChanged),
    messaging: new MessagingRepository(db),
    replyTimes: new ReplyTimeRepository(db),
    moderation: new ModerationRepository(db),
    otp: new OtpRepository(db),
    quotas: new QuotaRepository(db),
    sessions: new SessionRepository(db),
    social: new SocialRepository(db),
    users: new UserRepository(db),
    notificationSettings: new NotificationSettingsRepository(db),
    pushSubscriptions: new PushSubscriptionRepository(db),
    whatsappNotices: new WhatsAppNoticeRepository(db),
  };
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
  options: ContextOptions = {},
): AppContext {
  const db = database.db;
  const storage = createMediaStorage(config);
  const rateLimitStore = openRateLimitStore(config.redisUrl, database);
  const rateLimits = createRateLimitFactory(rateLimitStore.store);
  const publicAnswers = new PublicAnswerCache(database, {
    onError: (error) => console.error('public answer cache:', error),
  });
  const carsChanged = () => publicAnswers.carsChanged();
  const repos = createRepositories(db, carsChanged);

  // Media and its background jobs.
  const ffmpeg = findFfmpegBinaries();
  const tmpDir = join(config.dataDir, 'tmp');
  const log = pino({ level: config.logLevel, name: 'jobs' });
  const jobs = openJobQueue(database, { log, heartbeatSeconds: config.jobHeartbeatSeconds });
  jobs.work(videoPreparationJob({ media: repos.media, storage, ffmpeg, tmpDir, log }));
  jobs.work(photoRenditionsJob({ media: repos.media, storage }));
  const media = new MediaService({
    media: repos.media,
    storage,
    ffmpeg,
    jobs,
    tmpDir,
    deferSlowRenditions: !config.cdnBaseUrl,
  });
  const privateMedia = new PrivateMediaLinks(jwtSecret, config);

  // Accounts: tokens, sign-in, one-time codes, quotas, closing and erasing.
  const tokens = new AccessTokenService(jwtSecret);
  const quotas = new AccountQuotas(repos.quotas, config.quotas, now);
  const otpSender = createOtpSender(config, repos.otp, now);
  const otp = new OtpService({
    repo: repos.otp,
    sender: otpSender,
    // The OTP hash pepper is derived from the server secret.
    pepper: jwtSecret,
    now,
    log: (message) => console.warn(message),
  });
  const sessions = new SessionService({
    repo: repos.sessions,
    tokens,
    now,
    roleOf: async (userId) => {
      const row = await repos.users.findById(userId);
      if (!row || row.deletionRequestedAt) return null;
      return { role: toRole(row.role), suspended: row.suspendedAt !== null };
    },
  });
  const accountErasure = new AccountErasureJob({
    repo: repos.accountDeletions,
    removeFile: (key) => storage.delete(key),
    now,
  });
  jobs.schedule({
    name: 'account-erasure',
    everyMinutes: ERASURE_INTERVAL_MINUTES,
    run: async () => {
      await accountErasure.runOnce();
    },
  });

  // The catalogue's change log is kept for config.carChangesRetentionDays (docs/cars-and-search.md).
  const carChangesPrune = new CarChangesPruneJob({
    cars: repos.cars,
    retentionDays: config.carChangesRetentionDays,
    now,
  });
  jobs.schedule({
    name: 'car-changes-prune',
    everyMinutes: CAR_CHANGES_PRUNE_INTERVAL_MINUTES,
    run: async () => {
      await carChangesPrune.runOnce();
    },
  });

  // Sellers' reply times: refreshed by a trigger when a first reply lands, and hourly as the window slides.
  const replyTimes = new ReplyTimesJob({ repo: repos.replyTimes, now });
  jobs.schedule({
    name: 'reply-times',
    everyMinutes: REPLY_TIMES_INTERVAL_MINUTES,
    run: async () => {
      await replyTimes.runOnce();
    },
  });

  // Cars and dealers: dealers list cars, so the dealer service reads through the car service.
  const cars = new CarService({
    cars: repos.cars,
    dealers: repos.dealers,
    config,
    now,
    // Without it a deleted car's media rows go but its files stay.
    removeMediaFiles: async (keys) => {
      for (const key of keys) await storage.delete(key);
    },
    preferPreparedVideos: (keys) => media.preferPreparedVideos(keys),
    onCarsChanged: carsChanged,
    countries: repos.countries,
    takeListingSlot: (user) => quotas.takeListingSlot(user),
    replyTimeOf: (sellerId) => repos.replyTimes.forSeller(sellerId),
  });
  publicAnswers.alsoForget(() => cars.forgetCounts());

  // Messaging: live events across processes, and the per-user answers they clear.
  const messageEvents = new MessageEventHub(database, (error) => console.error('message events:', error));

  // Notification channels beyond the open tab: push (when VAPID keys are set) and WhatsApp, through the OTP provider.
  const notificationSettings = new NotificationSettingsService(repos.notificationSettings, now);
  const vapidKeys = resolveVapidKeys(config);
  const pushSubscriptions = new PushSubscriptionService(repos.pushSubscriptions, {
    publicKey: vapidKeys?.publicKey ?? null,
    endpointHosts: config.webPush.endpointHosts,
  });
  const notificationChannels: NotificationChannel[] = [
    ...(vapidKeys
      ? [
          new WebPushChannel({
            subscriptions: repos.pushSubscriptions,
            settings: notificationSettings,
            vapid: { subject: config.webPush.subject, ...vapidKeys },
          }),
        ]
      : []),
    new WhatsAppChannel({
      sender: otpSender,
      notices: repos.whatsappNotices,
      settings: notificationSettings,
      now,
    }),
  ];

  // Notifications: written once per source, told to open streams over the message events, delivered to the other
  // channels through the outbox on the job queue; the change log's new listings and price drops become alerts.
  const channels = options.channels ?? notificationChannels;
  const notificationDispatcher = new NotificationDispatcher({
    repo: repos.notifications,
    channels,
    jobs,
    log,
    now,
    retryBaseMs: config.notificationRetryBaseMs,
    claimMs: config.notificationClaimSeconds * 1000,
  });
  for (const definition of notificationDispatcher.definitions()) jobs.work(definition);
  const notifications = new NotificationService({
    repo: repos.notifications,
    channels,
    publish: (...events) => messageEvents.publish(...events),
    deliveriesWritten: () => notificationDispatcher.wake(),
    now,
    onError: (error) => log.error({ err: error }, 'could not write a notification'),
  });
  const notify = (...rows: Parameters<NotificationService['notify']>) => notifications.notify(...rows);
  const writeNotifications = (
    repo: NotificationRepository,
    rows: Parameters<NotificationService['write']>[1],
  ) => notifications.write(repo, rows);
  const announce = (written: unknown[]) =>
    notifications.announce(written as Awaited<ReturnType<NotificationService['write']>>);
  const carAlerts = new CarAlerts({ repo: repos.notifications, write: writeNotifications, announce });
  jobs.work(carAlertsJob(carAlerts));
  jobs.schedule({
    name: 'car-alerts-sweep',
    everyMinutes: 1,
    run: (signal) => carAlerts.catchUp(signal).then(() => undefined),
  });
  jobs.schedule({
    name: 'notification-deliveries-sweep',
    everyMinutes: 1,
    run: () => notificationDispatcher.sweep(),
  });
  const dailyDigest = new DailyDigest({ repo: repos.notifications, write: writeNotifications, announce });
  jobs.schedule({
    name: 'notification-daily-digest',
    everyMinutes: DIGEST_INTERVAL_MINUTES,
    run: () => dailyDigest.runOnce().then(() => undefined),
  });
  const userAnswers = new UserAnswerCache();
  messageEvents.onUsersChanged((userIds) => userAnswers.forget(userIds));

  // Trust and safety: reports (limited per account and address), the moderation desk, blocks.
  const accountSuspension = new AccountSuspensionService({
    status: repos.accountStatus,
    sessions,
    carsChanged,
    now,
    notify,
  });
  const reports = new ReportService({
    repo: repos.moderation,
    perAccount: rateLimits('report-account', REPORTS_PER_ACCOUNT),
    perAddress: rateLimits('report-address', REPORTS_PER_ADDRESS),
    now,
    notify,
    carsChanged,
  });
  const moderation = new ModerationService({
    repo: repos.moderation,
    suspensions: accountSuspension,
    now,
    notify,
    carsChanged,
  });
  // A block changes the blocker's conversation list: their cached answers go, and their open tabs read it again.
  const blocks = new BlockService(repos.moderation, (userId) =>
    messageEvents.publish({ event: 'conversation', userIds: [userId] }),
  );

  const messaging = new MessagingService({
    repo: repos.messaging,
    idempotency: new IdempotencyService(db, repos.idempotency, now),
    events: messageEvents,
    cars: repos.cars,
    media: config,
    links: privateMedia,
    now,
    notifyWithin: (database, ...rows) => notifications.notifyWithin(database, rows),
    fileReport: (reporterId, address, report) => reports.file(reporterId, address, report),
  });
  // The service publishes to the hub; the hub loads what it delivers through the service. Wired here, one way each.
  messageEvents.setResolver(async (notification, localUserIds) => {
    if (notification.event !== 'notification') return messaging.streamEvents(notification, localUserIds);
    return Promise.all(
      localUserIds.map(async (userId) => ({
        userId,
        event: { event: 'notification' as const, data: await notifications.streamData(userId) },
      })),
    );
  });

  const feedbackDelivery = new FeedbackDeliverer(repos.feedback, {
    webhookUrl: config.feedbackWebhookUrl,
    baseDelayMs: config.feedbackRetryBaseMs,
    now,
  });

  return {
    config,
    database,
    db,
    health: new DatabaseHealthRepository(database),
    readiness: new Readiness(),
    tokens,
    signedIn: new SignedInCheck(tokens, repos.accountStatus),
    accountSuspension,
    reports,
    moderation,
    blocks,
    storage,
    media,
    mediaRepository: repos.media,
    privateMedia,
    quotas,
    jobs,
    now,
    cars,
    dealers: new DealerService({
      dealers: repos.dealers,
      cars,
      otp,
      onListingsChanged: carsChanged,
      now,
      notify,
    }),
    dealerOverview: new DealerOverviewService({
      overview: repos.dealerOverview,
      dealers: repos.dealers,
      cars: repos.cars,
      config,
      now,
    }),
    dealerReviews: new DealerReviewService(repos.dealerReviews, now),
    social: new SocialService(repos.social, {
      media: config,
      now,
      addressViews: rateLimits('view-address', VIEWS_PER_ADDRESS),
      notify,
    }),
    feedback: new FeedbackService(
      repos.feedback,
      feedbackDelivery,
      now,
      rateLimits('feedback', FEEDBACK_LIMIT),
    ),
    feedbackDelivery,
    messageEvents,
    messaging,
    ai: new AiService({
      provider: createAiProvider(config.ai, pino({ name: 'ai', level: config.logLevel })),
      ai: repos.ai,
      cars: repos.cars,
      media: config,
      now,
      ranking: config.searchRanking,
    }),
    auth: new AuthService({
      users: repos.users,
      resets: repos.sessions,
      sessions,
      otp,
      throttle: new LoginThrottle(rateLimits),
      now,
    }),
    sessions,
    otp,
    countries: new CountryService(repos.countries),
    devOutbox: new DevOutboxService(repos.otp),
    account: new AccountService({ accounts: repos.accounts, users: repos.users, now }),
    accountDeletion: new AccountDeletionService({
      repo: repos.accountDeletions,
      users: repos.users,
      events: messageEvents,
      wrongPasswords: rateLimits('account-deletion-password', WRONG_DELETION_PASSWORDS),
      removeMedia: (keys) => media.deleteMediaKeys(keys),
      carsChanged,
      now,
      onError: (error) => console.error('account deletion: could not remove files:', error),
    }),
    accountErasure,
    replyTimes,
    carChangesPrune,
    writeLimits: createWriteLimits(config.writeLimits, rateLimits),
    rateLimits,
    closeRateLimits: () => rateLimitStore.close(),
    publicAnswers,
    userAnswers,
    notifications,
    notificationDispatcher,
    carAlerts,
    dailyDigest,
    changeLogWake: new ChangeLogWake(database, jobs, (error) => log.error({ err: error }, 'change log wake')),
    savedSearches: new SavedSearchService({
      repo: repos.notifications,
      countMatches: async (filters) => (await cars.list({ ...filters, limit: 1, cursor: undefined })).total,
      now,
    }),
    notificationSettings,
    pushSubscriptions,
    notificationChannels,
  };
}
