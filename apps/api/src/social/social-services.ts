import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { DealerReviewRepository } from '../dealers/dealer-review.repository.ts';
import { FeedbackRepository } from '../feedback/feedback.repository.ts';
import { SocialRepository } from './social.repository.ts';
import { DealerReviewService } from '../dealers/dealer-review.service.ts';
import { FeedbackDeliverer } from '../feedback/feedback-delivery.service.ts';
import { FEEDBACK_LIMIT, FeedbackService } from '../feedback/feedback.service.ts';
import type { RateLimitFactory } from '../shared/rate-limits.ts';
import { SocialService } from './social.service.ts';

export interface SocialServices {
  social: SocialService;
  dealerReviews: DealerReviewService;
  feedback: FeedbackService;
  /** Started and stopped by the feedback routes with the server. */
  feedbackDelivery: FeedbackDeliverer;
}

/** Likes, views, comments, shares, dealer reviews and feedback with its webhook deliverer. */
export function createSocialServices(
  db: Database,
  config: Config,
  now: () => Date,
  rateLimits: RateLimitFactory,
): SocialServices {
  const feedbackRepository = new FeedbackRepository(db);
  const feedbackDelivery = new FeedbackDeliverer(feedbackRepository, {
    webhookUrl: config.feedbackWebhookUrl,
    baseDelayMs: config.feedbackRetryBaseMs,
    now,
  });
  return {
    social: new SocialService(new SocialRepository(db), { media: config, now }),
    dealerReviews: new DealerReviewService(new DealerReviewRepository(db), now),
    feedback: new FeedbackService(
      feedbackRepository,
      feedbackDelivery,
      now,
      rateLimits('feedback', FEEDBACK_LIMIT),
    ),
    feedbackDelivery,
  };
}
