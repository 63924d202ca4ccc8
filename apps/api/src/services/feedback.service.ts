import type { FeedbackBody } from '@autoreel/core';
import { tooManyRequests } from '../errors.ts';
import type { FeedbackRepository } from '../repositories/feedback.repository.ts';
import type { FeedbackDeliverer } from './feedback-delivery.service.ts';
import { assertStorableText } from './plain-text.ts';

/** Feedback is for people, not scripts: a handful an hour per person is plenty (SPEC leaves the number open). */
export const FEEDBACK_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

/**
 * Counts events per key in a sliding window, in memory. Enough for one process; each process of a cluster keeps
 * its own window, which only makes the limit looser, never stricter.
 */
export class SlidingWindowLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #hits = new Map<string, number[]>();

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Records a hit, or answers how many seconds to wait when the key is over its limit. */
  hit(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    if (this.#hits.size > 10_000) this.#sweep(now);
    const recent = (this.#hits.get(key) ?? []).filter((t) => t > now - this.#windowMs);
    if (recent.length >= this.#max) {
      this.#hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return { allowed: true };
  }

  #sweep(now: number): void {
    for (const [key, times] of this.#hits) {
      if (times.every((t) => t <= now - this.#windowMs)) this.#hits.delete(key);
    }
  }
}

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
  readonly #limiter = new SlidingWindowLimiter(FEEDBACK_LIMIT.max, FEEDBACK_LIMIT.windowMs);

  constructor(repo: FeedbackRepository, deliverer: FeedbackDeliverer, now: () => Date) {
    this.#repo = repo;
    this.#deliverer = deliverer;
    this.#now = now;
  }

  async submit(body: FeedbackBody, caller: FeedbackCaller): Promise<{ id: string }> {
    const { name, email, subject, message } = body;
    assertStorableText({ name, email, subject, message });
    const now = this.#now();
    const limit = this.#limiter.hit(
      caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`,
      now.getTime(),
    );
    if (!limit.allowed) {
      throw tooManyRequests('Too much feedback sent. Please try again later.', limit.retryAfterSeconds);
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
