import { createWriteLimits, type WriteLimits } from './plugins/write-limits.ts';
import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { join } from 'node:path';
import pino from 'pino';
import { findFfmpegBinaries } from '@autoreel/video';
import { MediaRepository } from './media/media.repository.ts';
import { MediaService } from './media/media.service.ts';
import { QuotaRepository } from './accounts/quota.repository.ts';
import { AccountStatusRepository } from './accounts/account-status.repository.ts';
import { SignedInCheck } from './accounts/signed-in-check.service.ts';
import { AccountQuotas } from './accounts/account-quotas.ts';
import { openJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { videoPreparationJob } from './media/video-job.queue.ts';
import { photoRenditionsJob } from './media/photo-renditions.job.ts';
import { createMediaStorage } from './storage/create-media-storage.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { CarRepository } from './cars/car.repository.ts';
import { AccessTokenService } from './accounts/access-token.service.ts';
import { IdempotencyService } from './shared/idempotency.service.ts';
import { MessageEventHub } from './messaging/message-events.service.ts';
import { PublicAnswerCache } from './shared/public-answer-cache.ts';
import { UserAnswerCache } from './messaging/user-answer-cache.ts';
import { MessagingService } from './messaging/messaging.service.ts';
import { PrivateMediaLinks } from './media/private-media-url.ts';
import { createAiService, type AiService } from './ai/ai.service.ts';
import { createCarServices, type CarServices } from './cars/car-services.ts';
import { createAuthModule } from './accounts/auth-module.ts';
import { createRateLimitFactory, openRateLimitStore, type RateLimitFactory } from './shared/rate-limits.ts';
import { createSocialServices, type SocialServices } from './social/social-services.ts';
import { AccountRepository } from './accounts/account.repository.ts';
import { UserRepository } from './accounts/user.repository.ts';
import { AccountService } from './accounts/account.service.ts';
import { AccountDeletionRepository } from './accounts/account-deletion.repository.ts';
import { AccountDeletionService, WRONG_DELETION_PASSWORDS } from './accounts/account-deletion.service.ts';
import { AccountErasureJob, ERASURE_INTERVAL_MINUTES } from './accounts/account-erasure.job.ts';
import {
  createDealerOverviewService,
  type DealerOverviewService,
} from './dealers/dealer-overview.service.ts';

/**
 * The composition root: every service the routes use, built once per server from its configuration and database.
 * Tests build the same context over a fresh database, so they exercise exactly what production runs.
 */
export interface AppContext extends CarServices, SocialServices {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokenService;
  /** Checks a bearer token and that its account and sign-in still stand. */
  signedIn: SignedInCheck;
  storage: MediaStorage;
  media: MediaService;
  /** Signed per-viewer links to conversation attachments. */
  privateMedia: PrivateMediaLinks;
  /** Per-account quotas on stored bytes and listings per day. */
  quotas: AccountQuotas;
  /** Background jobs (video preparation, photo renditions, erasure): shared by every process on Postgres. */
  jobs: JobQueue;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
  /** Live delivery of messages across every API process on this database. */
  messageEvents: MessageEventHub;
  messaging: MessagingService;
  ai: AiService;
  auth: ReturnType<typeof createAuthModule>['auth'];
  sessions: ReturnType<typeof createAuthModule>['sessions'];
  otp: ReturnType<typeof createAuthModule>['otp'];
  countries: ReturnType<typeof createAuthModule>['countries'];
  devOutbox: ReturnType<typeof createAuthModule>['devOutbox'];
  writeLimits: WriteLimits;
  /** Builds a named limit whose counters every API process on this deployment shares. */
  rateLimits: RateLimitFactory;
  /** Closes the limits' store (a Redis connection, when there is one). */
  closeRateLimits: () => Promise<void>;
  /** The signed-in user's own profile. */
  account: AccountService;
  /** DELETE /account: closes an account at once. */
  accountDeletion: AccountDeletionService;
  /** Erases the personal data of closed accounts when it is due; scheduled on the job queue. */
  accountErasure: AccountErasureJob;
  /** The dealer dashboard's overview figures. */
  dealerOverview: DealerOverviewService;
  /** Caller-independent read answers, kept briefly as JSON text and cleared by writes to cars. */
  publicAnswers: PublicAnswerCache;
  /** A user's own conversation answers, kept briefly as JSON text and cleared by the message events naming them. */
  userAnswers: UserAnswerCache;
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
): AppContext {
  const storage = createMediaStorage(config);
  const rateLimitStore = openRateLimitStore(config.redisUrl, database);
  const rateLimits = createRateLimitFactory(rateLimitStore.store);
  const publicAnswers = new PublicAnswerCache(database, {
    onError: (error) => console.error('public answer cache:', error),
  });
  const carsChanged = () => publicAnswers.carsChanged();
  const mediaRepository = new MediaRepository(database.db, carsChanged);
  const ffmpeg = findFfmpegBinaries();
  const tmpDir = join(config.dataDir, 'tmp');
  const log = pino({ level: config.logLevel, name: 'jobs' });
  const jobs = openJobQueue(database, { log, heartbeatSeconds: config.jobHeartbeatSeconds });
  jobs.work(videoPreparationJob({ media: mediaRepository, storage, ffmpeg, tmpDir, log }));
  jobs.work(photoRenditionsJob({ media: mediaRepository, storage }));
  const messageEvents = new MessageEventHub(database, (error) => console.error('message events:', error));
  const userAnswers = new UserAnswerCache();
  messageEvents.onUsersChanged((userIds) => userAnswers.forget(userIds));
  const idempotency = new IdempotencyService(database.db, now);
  const tokens = new AccessTokenService(jwtSecret);
  const media = new MediaService({
    media: mediaRepository,
    storage,
    ffmpeg,
    jobs,
    tmpDir,
    deferSlowRenditions: !config.cdnBaseUrl,
  });
  const privateMedia = new PrivateMediaLinks(jwtSecret, config);
  const quotas = new AccountQuotas(new QuotaRepository(database.db), config.quotas, now);
  const carServices = createCarServices(
    database.db,
    config,
    now,
    async (keys) => {
      for (const key of keys) await storage.delete(key);
    },
    (keys) => media.preferPreparedVideos(keys),
    carsChanged,
    (user) => quotas.takeListingSlot(user),
  );
  publicAnswers.alsoForget(() => carServices.cars.forgetCounts());
  const accountDeletions = new AccountDeletionRepository(database.db);
  const accountErasure = new AccountErasureJob({
    repo: accountDeletions,
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
  return {
    config,
    database,
    writeLimits: createWriteLimits(config.writeLimits, rateLimits),
    rateLimits,
    closeRateLimits: () => rateLimitStore.close(),
    db: database.db,
    tokens,
    signedIn: new SignedInCheck(tokens, new AccountStatusRepository(database.db)),
    storage,
    media,
    privateMedia,
    quotas,
    jobs,
    now,
    messageEvents,
    messaging: new MessagingService({
      db: database.db,
      idempotency,
      events: messageEvents,
      cars: new CarRepository(database.db),
      media: config,
      links: privateMedia,
      now,
    }),
    ai: createAiService(config, database.db, now),
    ...carServices,
    ...createAuthModule({ db: database.db, config, tokens, secret: jwtSecret, now, rateLimits }),
    ...createSocialServices(database.db, config, now, rateLimits),
    account: new AccountService({
      accounts: new AccountRepository(database.db),
      users: new UserRepository(database.db),
      now,
    }),
    accountDeletion: new AccountDeletionService({
      repo: accountDeletions,
      users: new UserRepository(database.db),
      events: messageEvents,
      wrongPasswords: rateLimits('account-deletion-password', WRONG_DELETION_PASSWORDS),
      removeMedia: (keys) => media.deleteMediaKeys(keys),
      carsChanged,
      now,
      onError: (error) => console.error('account deletion: could not remove files:', error),
    }),
    accountErasure,
    dealerOverview: createDealerOverviewService(database.db, config, now),
    publicAnswers,
    userAnswers,
  };
}
