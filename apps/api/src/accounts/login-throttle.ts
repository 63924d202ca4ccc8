import { createHash } from 'node:crypto';
import { rateLimited } from '../errors.ts';
import type { LimitRule, RateLimit, RateLimitFactory } from '../shared/rate-limits.ts';

/**
 * Sign-in throttles, in the manner of Auth0's brute-force protection and the OWASP Authentication Cheat Sheet: the
 * attacker's source is slowed, not the account, so a flood of wrong passwords cannot lock the owner out.
 * Each attempt takes its place in every counter before the password is checked, so concurrent attempts are counted
 * one by one; a right password gives its place back.
 */
export const LOGIN_LIMITS = {
  /** Wrong passwords for one account from one address; past them that address waits 15 minutes for that account. */
  perAccountAddress: { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Wrong passwords from one address across all accounts (password spraying). */
  perAddress: { points: 20, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from every address together: a ceiling for guessing spread over many
   * addresses. It does not hold back an address the account signed in from within `knownAddress`, so the owner
   * keeps their way in while it lasts.
   */
  perAccount: { points: 50, durationSeconds: 60 * 60 },
  /**
   * How long an address the account signed in from counts as the owner's. At most 24 days: the in-memory store
   * expires keys with a timer, and Node runs longer timers at once.
   */
  knownAddress: { points: 1_000_000, durationSeconds: 14 * 24 * 60 * 60 },
} as const satisfies Record<string, LimitRule>;

export const LOGIN_THROTTLE_MESSAGE = 'Too many failed sign-in attempts. Please wait before trying again.';

/** Who is signing in: the account (or the phone typed, when it has none) and the caller's address. */
export interface LoginAttempt {
  /**
   * The account's key. It includes a digest of the password hash, so a password reset (the owner's way out)
   * starts every counter of the account afresh.
   */
  account: string;
  address: string;
}

/** The account part of an attempt's key: the phone for unknown numbers, the account and its password otherwise. */
export function loginAccountKey(
  phone: string,
  user: { id: string; passwordHash: string } | undefined,
): string {
  if (!user) return `phone:${phone}`;
  const generation = createHash('sha256').update(user.passwordHash).digest('base64url').slice(0, 12);
  return `user:${user.id}:${generation}`;
}

interface Counter {
  limit: RateLimit;
  key: (attempt: LoginAttempt) => string;
}

const pairKey = (a: LoginAttempt) => `${a.account}|${a.address}`;

export class LoginThrottle {
  readonly #pair: Counter;
  readonly #address: Counter;
  readonly #account: Counter;
  /** Addresses each account signed in from: the account-wide ceiling leaves them alone. */
  readonly #known: RateLimit;

  constructor(limits: RateLimitFactory) {
    this.#pair = { limit: limits('login-account-address', LOGIN_LIMITS.perAccountAddress), key: pairKey };
    this.#address = { limit: limits('login-address', LOGIN_LIMITS.perAddress), key: (a) => a.address };
    this.#account = { limit: limits('login-account', LOGIN_LIMITS.perAccount), key: (a) => a.account };
    this.#known = limits('login-known-address', LOGIN_LIMITS.knownAddress);
  }

  /** The counters an attempt takes a place in, most specific first so the attacker's own counter refuses first. */
  async #countersFor(attempt: LoginAttempt): Promise<Counter[]> {
    const known = await this.#known.seen(pairKey(attempt));
    return known ? [this.#pair, this.#address] : [this.#pair, this.#address, this.#account];
  }

  /** Takes the attempt's place in every counter, or throws 429 with Retry-After (the refused try is not counted). */
  async admit(attempt: LoginAttempt): Promise<void> {
    const taken: { limit: RateLimit; key: string }[] = [];
    for (const { limit, key } of await this.#countersFor(attempt)) {
      const verdict = await limit.hit(key(attempt));
      if (!verdict.allowed) {
        for (const place of taken) await place.limit.giveBack(place.key);
        throw rateLimited(LOGIN_THROTTLE_MESSAGE, verdict.retryAfterSeconds);
      }
      taken.push({ limit, key: key(attempt) });
    }
  }

  /**
   * A right password: the attempt was no guess, the address's run of failures for this account ends, and the
   * address becomes one the owner uses.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const [pair, ...rest] = await this.#countersFor(attempt);
    if (pair) await pair.limit.clear(pair.key(attempt));
    for (const { limit, key } of rest) await limit.giveBack(key(attempt));
    await this.#known.hit(pairKey(attempt));
  }
}
