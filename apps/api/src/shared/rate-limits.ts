import { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** A limit: at most `points` hits per key in a window of `durationSeconds`; past it, refused for `blockSeconds`. */
export interface LimitRule {
  points: number;
  durationSeconds: number;
  /** How long a key that went over stays refused; omitted means until its window ends. */
  blockSeconds?: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One named limit, counted wherever the deployment keeps its counters. */
export interface RateLimit {
  /** Counts a hit, atomically with every other process; refused once the key is over its limit. */
  hit(key: string): Promise<LimitVerdict>;
  /** Gives a hit back (an attempt that turned out to be fine). */
  giveBack(key: string): Promise<void>;
  /** Forgets a key's count. */
  clear(key: string): Promise<void>;
  /** Whether the key was hit in its current window. */
  seen(key: string): Promise<boolean>;
}

/** Where the counters live: this process's memory (PGlite, one process), the shared Postgres, or Redis. */
export type RateLimitStore =
  { kind: 'memory' } | { kind: 'database'; db: Database } | { kind: 'redis'; client: Redis };

const MAX_TIMER_MS = 2 ** 31 - 1;

export type RateLimitFactory = (name: string, rule: LimitRule) => RateLimit;

function limiterFor(store: RateLimitStore, name: string, rule: LimitRule): RateLimiterAbstract {
  const options = {
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  switch (store.kind) {
    case 'memory':
      return new RateLimiterMemory(options);
    // While a shared store cannot answer, each process counts alone rather than failing every limited request.
    case 'database':
      return new RateLimiterDrizzle({
        ...options,
        storeClient: store.db,
        schema: rateLimits,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    case 'redis':
      return new RateLimiterRedis({
        ...options,
        storeClient: store.client,
        insuranceLimiter: new RateLimiterMemory(options),
      });
  }
}

/** Builds every limit of a server over one store, so all of them are shared (or not) the same way. */
export function createRateLimitFactory(store: RateLimitStore): RateLimitFactory {
  return (name, rule) => {
    // The in-memory store expires keys with timers, and Node fires a timer of more than 2^31 - 1 ms at once.
    if (Math.max(rule.durationSeconds, rule.blockSeconds ?? 0) * 1000 > MAX_TIMER_MS) {
      throw new Error(`The ${name} limit's window is longer than 24 days`);
    }
    const limiter = limiterFor(store, name, rule);
    return {
      async hit(key) {
        try {
          await limiter.consume(key);
          return { allowed: true };
        } catch (refusal) {
          // The library refuses with its answer object and fails with an Error when the store does.
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
        }
      },
      async giveBack(key) {
        await limiter.reward(key, 1);
      },
      async clear(key) {
        await limiter.delete(key);
      },
      async seen(key) {
        const state = await limiter.get(key);
        return (state?.consumedPoints ?? 0) > 0;
      },
    };
  };
}

/**
 * The store a server's limits use: Redis when REDIS_URL is set, else the database when it is a Postgres server that
 * other processes may share; PGlite can be opened by one process only, so its limits stay in memory.
 */
export function openRateLimitStore(
  redisUrl: string | undefined,
  database: DatabaseHandle,
): { store: RateLimitStore; close(): Promise<void> } {
  if (redisUrl) {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    let warned = false;
    client.on('error', (error: Error) => {
      if (!warned) console.warn(`rate limits: Redis unreachable, counting in this process: ${error.message}`);
      warned = true;
    });
    client.on('ready', () => (warned = false));
    return {
      store: { kind: 'redis', client },
      close: async () => {
        await client.quit();
      },
    };
  }
  const store: RateLimitStore =
    database.dialect === 'postgres' ? { kind: 'database', db: database.db } : { kind: 'memory' };
  return { store, close: async () => undefined };
}
