import type { FastifyRequest } from 'fastify';
import { rateLimited } from '../errors.ts';
import type { LimitRule, RateLimit, RateLimitFactory } from '../shared/rate-limits.ts';

/**
 * How often one person (their account, or their address when signed out) may do each write. The SPEC leaves the
 * numbers open; they are set well above what anyone does by hand, so only scripts and floods meet them.
 */
export const WRITE_LIMITS = {
  like: { points: 120, durationSeconds: 60, message: 'You are liking too fast. Please wait a moment.' },
  comment: { points: 20, durationSeconds: 60, message: 'You are commenting too fast. Please wait a moment.' },
  message: {
    points: 60,
    durationSeconds: 60,
    message: 'You are sending messages too fast. Please wait a moment.',
  },
  // Opening a conversation (before the first message or an upload) costs a stranger as much as a message does.
  conversation: {
    points: 30,
    durationSeconds: 60,
    message: 'You are starting conversations too fast. Please wait a moment.',
  },
  report: { points: 10, durationSeconds: 60 * 60, message: 'Too many reports sent. Please try again later.' },
  block: {
    points: 60,
    durationSeconds: 60 * 60,
    message: 'Too many changes to blocks. Please try again later.',
  },
  review: { points: 10, durationSeconds: 60 * 60, message: 'Too many reviews sent. Please try again later.' },
  share: { points: 60, durationSeconds: 60, message: 'Too many shares. Please wait a moment.' },
  view: { points: 600, durationSeconds: 60, message: 'Too many views recorded. Please wait a moment.' },
  ai: { points: 60, durationSeconds: 60, message: 'Too many searches. Please wait a moment and try again.' },
  // A CSV import checks and stores up to 5,000 cars: a dealer imports a few files an hour, a dry run each first.
  import: { points: 20, durationSeconds: 60 * 60, message: 'Too many imports. Please try again later.' },
  account: {
    points: 30,
    durationSeconds: 60,
    message: 'Too many changes to your account. Please wait a moment.',
  },
} as const satisfies Record<string, LimitRule & { message: string }>;

export type WriteAction = keyof typeof WRITE_LIMITS;

/** Route options that refuse a write with 429 and Retry-After once its caller is over the action's limit. */
export interface WriteLimits {
  guard(action: WriteAction): { preHandler: (request: FastifyRequest) => Promise<void> };
}

/**
 * `enabled` is false only for load benchmarks, which measure the handlers from one account at hundreds of
 * requests a second. The counters are shared by every API process of the deployment (see rate-limits.ts).
 */
export function createWriteLimits(enabled: boolean, rateLimits: RateLimitFactory): WriteLimits {
  const limits = new Map<WriteAction, RateLimit>();
  const limitFor = (action: WriteAction) => {
    let limit = limits.get(action);
    if (!limit) {
      limit = rateLimits(`write-${action}`, WRITE_LIMITS[action]);
      limits.set(action, limit);
    }
    return limit;
  };
  return {
    guard(action) {
      return {
        preHandler: async (request) => {
          if (!enabled) return;
          const caller = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
          const verdict = await limitFor(action).hit(caller);
          if (!verdict.allowed) throw rateLimited(WRITE_LIMITS[action].message, verdict.retryAfterSeconds);
        },
      };
    },
  };
}
