import type { Config } from './config/config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { DealerReviewRepository } from './repositories/dealer-review.repository.ts';
import { FeedbackRepository } from './repositories/feedback.repository.ts';
import { SocialRepository } from './repositories/social.repository.ts';
import { AccessTokenService } from './services/access-token.service.ts';
import { DealerReviewService } from './services/dealer-review.service.ts';
import { FeedbackDeliverer } from './services/feedback-delivery.service.ts';
import { FeedbackService } from './services/feedback.service.ts';
import { SocialService } from './services/social.service.ts';

/**
 * The composition root: every service the routes use, built once per server from its configuration and database.
 * Tests build the same context over a fresh database, so they exercise exactly what production runs.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokenService;
  /** Injected so that expiry rules can be tested without waiting. */
  now: () => Date;
  social: SocialService;
  dealerReviews: DealerReviewService;
  feedback: FeedbackService;
  feedbackDelivery: FeedbackDeliverer;
}

export function createContext(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: string,
  now: () => Date = () => new Date(),
): AppContext {
  const feedbackRepository = new FeedbackRepository(database.db);
  const feedbackDelivery = new FeedbackDeliverer(feedbackRepository, {
    webhookUrl: config.feedbackWebhookUrl,
    baseDelayMs: config.feedbackRetryBaseMs,
    now,
  });
  return {
    config,
    database,
    db: database.db,
    tokens: new AccessTokenService(jwtSecret),
    now,
    social: new SocialService(new SocialRepository(database.db), { media: config, now }),
    dealerReviews: new DealerReviewService(new DealerReviewRepository(database.db), now),
    feedback: new FeedbackService(feedbackRepository, feedbackDelivery, now),
    feedbackDelivery,
  };
}
