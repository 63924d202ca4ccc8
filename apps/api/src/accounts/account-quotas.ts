import type { Quotas } from '../config/config.ts';
import { AppError, rateLimited, unauthenticated } from '../errors.ts';
import type { QuotaRepository } from './quota.repository.ts';
import type { AuthUser } from './access-token.service.ts';

/** How long a reservation outlives an upload that never ended (a crashed process): a slow phone's 100 MB. */
const RESERVATION_TTL_MS = 60 * 60_000;

const MB = 1024 * 1024;

/**
 * The per-account quotas on stored bytes and listings per day (docs/SECURITY.md). Stored bytes are counted where
 * they are stored: the media rows of the account, plus the uploads it has in progress. An upload reserves what it
 * declares (its Content-Length, which bounds the file) before a byte is written, so thirty at once cannot overshoot.
 */
export class AccountQuotas {
  readonly #repo: QuotaRepository;
  readonly #quotas: Quotas;
  readonly #now: () => Date;

  constructor(repo: QuotaRepository, quotas: Quotas, now: () => Date) {
    this.#repo = repo;
    this.#quotas = quotas;
    this.#now = now;
  }

  /** Runs `store` with `bytes` held against the caller's storage quota; 413 when they do not fit. */
  async withStorage<T>(user: AuthUser, bytes: number, store: () => Promise<T>): Promise<T> {
    const limit = this.#quotas.storageBytes[tier(user)];
    const now = this.#now();
    const outcome = await this.#repo.reserveUpload(
      user.id,
      bytes,
      limit,
      now,
      new Date(now.getTime() + RESERVATION_TTL_MS),
    );
    if (outcome.kind === 'no-account') throw unauthenticated('Your account no longer exists');
    if (outcome.kind === 'over') {
      throw new AppError(
        'too-large',
        `Storage quota reached: ${megabytes(outcome.usedBytes)} of ${megabytes(limit)} in use, and this upload ` +
          `needs up to ${megabytes(bytes)}. Delete files or listings you no longer need.`,
      );
    }
    try {
      return await store();
    } finally {
      await this.#repo.releaseUpload(outcome.id);
    }
  }

  /** Counts one new listing for today (UTC); 429 with Retry-After until midnight UTC once the day's are used. */
  async takeListingSlot(user: AuthUser): Promise<void> {
    const now = this.#now();
    const limit = this.#quotas.listingsPerDay[tier(user)];
    const day = now.toISOString().slice(0, 10);
    if (await this.#repo.takeListingSlot(user.id, day, limit)) return;
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    throw rateLimited(
      `You can list up to ${limit} cars a day. Please try again tomorrow.`,
      Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)),
    );
  }
}

function tier(user: AuthUser): 'customer' | 'dealer' {
  return user.role === 'customer' ? 'customer' : 'dealer';
}

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}
