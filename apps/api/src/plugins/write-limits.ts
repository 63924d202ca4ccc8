import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';
import { SlidingWindowLimiter } from '../services/sliding-window-limiter.ts';

/**
 * How often one person (their account, or their address when signed out) may do each write. The SPEC leaves the
 * numbers open; they are set well above what anyone does by hand, so only scripts and floods meet them.
 */
export const WRITE_LIMITS = {
  like: { max: 120, windowMs: 60_000, message: 'You are liking too fast. Please wait a moment.' },
  comment: { max: 20, windowMs: 60_000, message: 'You are commenting too fast. Please wait a moment.' },
  message: { max: 60, windowMs: 60_000, message: 'You are sending messages too fast. Please wait a moment.' },
  report: { max: 10, windowMs: 60 * 60_000, message: 'Too many reports sent. Please try again later.' },
  review: { max: 10, windowMs: 60 * 60_000, message: 'Too many reviews sent. Please try again later.' },
  share: { max: 60, windowMs: 60_000, message: 'Too many shares. Please wait a moment.' },
  view: { max: 600, windowMs: 60_000, message: 'Too many views recorded. Please wait a moment.' },
  ai: { max: 60, windowMs: 60_000, message: 'Too many searches. Please wait a moment and try again.' },
} as const satisfies Record<string, { max: number; windowMs: number; message: string }>;

export type WriteAction = keyof typeof WRITE_LIMITS;

/** Route options that refuse a write with 429 and Retry-After once its caller is over the action's limit. */
export interface WriteLimits {
  guard(action: WriteAction): { preHandler: (request: FastifyRequest) => Promise<void> };
}

/**
 * `enabled` is false only for load benchmarks, which measure the handlers from one account at hundreds of
 * requests a second. Each process keeps its own windows (see SlidingWindowLimiter).
 */
export function createWriteLimits(enabled: boolean, clock: () => number = Date.now): WriteLimits {
  const limiters = new Map<WriteAction, SlidingWindowLimiter>();
  const limiterFor = (action: WriteAction) => {
    let limiter = limiters.get(action);
    if (!limiter) {
      limiter = new SlidingWindowLimiter(WRITE_LIMITS[action].max, WRITE_LIMITS[action].windowMs);
      limiters.set(action, limiter);
    }
    return limiter;
  };
  return {
    guard(action) {
      return {
        preHandler: async (request) => {
          if (!enabled) return;
          const caller = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
          const verdict = limiterFor(action).hit(caller, clock());
          if (!verdict.allowed)
            throw tooManyRequests(WRITE_LIMITS[action].message, verdict.retryAfterSeconds);
        },
      };
    },
  };
}
