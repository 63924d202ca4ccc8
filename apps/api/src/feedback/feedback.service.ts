import type { FeedbackBody } from '@autoreel/core';
import { rateLimited } from '../errors.ts';
import type { FeedbackRepository } from './feedback.repository.ts';
import type { FeedbackDeliverer } from './feedback-delivery.service.ts';
import { assertStorableText } from '../shared/plain-text.ts';
import type { LimitRule, RateLimit } from '../shared/rate-limits.ts';

/** Feedback is for people, not scripts: a handful an hour per person is plenty (SPEC leaves the number open). */
export const FEEDBACK_LIMIT: LimitRule = { points: 10, durationSeconds: 60 * 60 };

export interface FeedbackCaller {
  userId: string | null;
  ip: string;
  /** The X-Client-Source header: desktop for the dealer console, web otherwise. */
  sourceHeader: string | undefined;
}

/** Stores feedback (SPEC 5 'Feedback') and hands it to the deliverer, never waiting for the webhook. */
export class FeedbackService {
  readonly #repo: FeedbackRepository;
  readonly #deliverer: FeedbackDeliverer;
  readonly #now: () => Date;
  readonly #limit: RateLimit;

  constructor(repo: FeedbackRepository, deliverer: FeedbackDeliverer, now: () => Date, limit: RateLimit) {
    this.#repo = repo;
    this.#limit = limit;
    this.#deliverer = deliverer;
    this.#now = now;
  }

  async submit(body: FeedbackBody, caller: FeedbackCaller): Promise<{ id: string }> {
    const { name, email, subject, message } = body;
    assertStorableText({ name, email, subject, message });
    const now = this.#now();
    const limit = await this.#limit.hit(caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`);
    if (!limit.allowed) {
      throw rateLimited('Too much feedback sent. Please try again later.', limit.retryAfterSeconds);
    }
    const user = caller.userId ? await this.#repo.findUser(caller.userId) : undefined;
    const id = await this.#repo.insert({
      userId: user ? caller.userId : null,
      name: body.name,
      email: body.email,
      category: body.category,
      subject: body.subject,
      message: body.message,
      rating: body.rating ?? null,
      canContact: body.canContact,
      userInfo: user
        ? {
            name: user.name,
            phone: user.phone,
            role: user.role,
            accountCreated: user.createdAt.toISOString(),
          }
        : null,
      source: sourceOf(caller.sourceHeader),
      nextAttemptAt: now,
      createdAt: now,
    });
    this.#deliverer.notify();
    return { id };
  }
}

/** The source tag sent to the webhook: which app the feedback came from. */
const FEEDBACK_SOURCES = ['web', 'desktop'] as const;
type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

function sourceOf(header: string | undefined): FeedbackSource {
  const value = header?.trim().toLowerCase();
  return (FEEDBACK_SOURCES as readonly string[]).includes(value ?? '') ? (value as FeedbackSource) : 'web';
}
