import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, invalidInput, rateLimited } from '../errors.ts';
import { OTP_TTL_MINUTES, type OtpPurpose, type OtpSender } from '../otp/otp-sender.ts';
import type { Database } from '../db/client.ts';
import type { OtpRepository } from './otp.repository.ts';

/** NIST 800-63B and Twilio Verify's defaults; the send windows are what keep SMS-pumping style abuse cheap. */
export interface OtpLimits {
  ttlMs: number;
  maxChecks: number;
  perPhone: { max: number; windowMs: number };
  perIp: { max: number; windowMs: number };
}

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  ttlMs: OTP_TTL_MINUTES * 60_000,
  maxChecks: 5,
  perPhone: { max: 3, windowMs: 10 * 60_000 },
  perIp: { max: 10, windowMs: 10 * 60_000 },
};

export const OTP_MESSAGES = {
  invalid: 'Invalid verification code',
  expired: 'This code has expired, request a new code',
  tooManyAttempts: 'Too many attempts, request a new code',
  tooManySends: 'Too many codes requested. Please wait before asking for another one.',
  deliveryFailed: 'Failed to send OTP',
} as const;

/**
 * Issues and checks one-time codes. A code is 6 digits from a CSPRNG, stored only as HMAC-SHA256(pepper, salt+code)
 * so a leaked table cannot be replayed, valid for 10 minutes, used once, checked at most 5 times, and voided by a
 * newer code for the same phone and purpose.
 */
export class OtpService {
  readonly #repo: OtpRepository;
  readonly #sender: OtpSender;
  readonly #pepper: Buffer;
  readonly #now: () => Date;
  readonly #limits: OtpLimits;
  readonly #log: (message: string) => void;

  constructor(options: {
    repo: OtpRepository;
    sender: OtpSender;
    /** Server secret mixed into every code hash. */
    pepper: string;
    now: () => Date;
    limits?: OtpLimits;
    /** Where delivery failures are reported (never with the code). */
    log?: (message: string) => void;
  }) {
    this.#repo = options.repo;
    this.#sender = options.sender;
    this.#pepper = createHmac('sha256', options.pepper).update('autoreel-otp').digest();
    this.#now = options.now;
    this.#limits = options.limits ?? DEFAULT_OTP_LIMITS;
    this.#log = options.log ?? (() => undefined);
  }

  #hash(code: string, salt: string): string {
    return createHmac('sha256', this.#pepper).update(`${salt}:${code}`).digest('base64url');
  }

  /** Fails with 429 and the seconds until the oldest send in a full window leaves it. */
  #checkWindow(sends: Date[], limit: { max: number; windowMs: number }, now: Date): void {
    if (sends.length < limit.max) return;
    const oldestThatCounts = sends[sends.length - limit.max];
    if (!oldestThatCounts) return;
    const waitMs = oldestThatCounts.getTime() + limit.windowMs - now.getTime();
    throw rateLimited(OTP_MESSAGES.tooManySends, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** Throws 429 when a send to this phone or from this address would exceed its window's limit. */
  assertCanSend(phone: string, ip: string | null): Promise<void> {
    return this.#assertCanSend(this.#repo, phone, ip);
  }

  async #assertCanSend(repo: OtpRepository, phone: string, ip: string | null): Promise<void> {
    const now = this.#now();
    this.#checkWindow(
      await repo.sendsToPhoneSince(phone, new Date(now.getTime() - this.#limits.perPhone.windowMs)),
      this.#limits.perPhone,
      now,
    );
    if (ip) {
      this.#checkWindow(
        await repo.sendsFromIpSince(ip, new Date(now.getTime() - this.#limits.perIp.windowMs)),
        this.#limits.perIp,
        now,
      );
    }
  }

  /**
   * Issues a new code (voiding the previous one) and delivers it. With deliver false the challenge is recorded
   * but nothing is sent: forgot-password does that for unknown numbers so that limits and timing match either way.
   * deliver may be a step that runs first, inside the transaction holding this phone's send lock, and answers
   * whether to send the code: sign-up decides there what becomes of the account, so concurrent sign-ups and sends
   * for one phone are decided one after the other. Answers whether the code was sent.
   */
  async issue(
    phone: string,
    purpose: OtpPurpose,
    ip: string | null,
    deliver: boolean | ((tx: Database) => Promise<boolean>) = true,
  ): Promise<boolean> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const send = await this.#repo.withSendLocks(phone, ip, async (repo, tx) => {
      await this.#assertCanSend(repo, phone, ip);
      const decided = typeof deliver === 'boolean' ? deliver : await deliver(tx);
      const now = this.#now();
      const salt = randomBytes(16).toString('base64url');
      await repo.replaceChallenge({
        phone,
        purpose,
        codeHash: `${salt}.${this.#hash(code, salt)}`,
        expiresAt: new Date(now.getTime() + this.#limits.ttlMs),
        ip,
        now,
      });
      return decided;
    });
    if (!send) return false;
    try {
      await this.#sender.send({ to: phone, code, purpose });
    } catch (error) {
      this.#log(`OTP delivery failed for purpose ${purpose}: ${(error as Error).message}`);
      throw new AppError('delivery-failed', OTP_MESSAGES.deliveryFailed);
    }
    return true;
  }

  /**
   * Tells a registered number's owner that someone tried to sign up with it. A failure is only logged: answering
   * it would tell the caller that the number is registered.
   */
  async noticeSignupAttempt(phone: string): Promise<void> {
    try {
      await this.#sender.sendSignupAttemptNotice(phone);
    } catch (error) {
      this.#log(`Sign-up attempt notice failed: ${(error as Error).message}`);
    }
  }

  /** Checks and spends a code; throws 400 with a reason the user can act on. */
  async verify(phone: string, purpose: OtpPurpose, code: string): Promise<void> {
    const challenge = await this.#repo.findLive(phone, purpose);
    if (!challenge)
      throw invalidInput(OTP_MESSAGES.invalid, [{ field: 'otp', message: OTP_MESSAGES.invalid }]);
    if (challenge.expiresAt.getTime() <= this.#now().getTime()) {
      throw invalidInput(OTP_MESSAGES.expired, [{ field: 'otp', message: OTP_MESSAGES.expired }]);
    }
    const attempts = await this.#repo.spendAttempt(challenge.id, this.#limits.maxChecks);
    if (attempts === undefined) {
      throw invalidInput(OTP_MESSAGES.tooManyAttempts, [
        { field: 'otp', message: OTP_MESSAGES.tooManyAttempts },
      ]);
    }
    const [salt = '', stored = ''] = challenge.codeHash.split('.');
    const expected = Buffer.from(stored);
    const actual = Buffer.from(this.#hash(code, salt));
    const matches = expected.length === actual.length && timingSafeEqual(expected, actual);
    if (!matches) {
      const message =
        attempts >= this.#limits.maxChecks ? OTP_MESSAGES.tooManyAttempts : OTP_MESSAGES.invalid;
      throw invalidInput(message, [{ field: 'otp', message }]);
    }
    if (!(await this.#repo.consume(challenge.id, this.#now()))) {
      throw invalidInput(OTP_MESSAGES.invalid, [{ field: 'otp', message: OTP_MESSAGES.invalid }]);
    }
  }
}
