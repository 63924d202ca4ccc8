import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { devOutbox, otpChallenges } from '../db/schema/index.ts';

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
export type OutboxRow = typeof devOutbox.$inferSelect;

/** One-time-code challenges (hashes only) and the development outbox. */
export class OtpRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Runs work in a transaction holding a lock on this address and on this phone, so that concurrent sends from one
   * address or to one number are counted one after the other, in every process on this database, and cannot slip
   * past a send limit together. The address is always locked before the phone, so two sends never wait on each other.
   */
  withSendLocks<T>(
    phone: string,
    ip: string | null,
    work: (repo: OtpRepository, tx: Database) => Promise<T>,
  ): Promise<T> {
    return this.#db.transaction(async (tx) => {
      if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-ip:${ip}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
      return work(new OtpRepository(tx), tx);
    });
  }

  /** Sends in the window, oldest first (the oldest decides when the next one is allowed). */
  async sendsToPhoneSince(phone: string, since: Date): Promise<Date[]> {
    const rows = await this.#db
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, since)))
      .orderBy(asc(otpChallenges.createdAt));
    return rows.map((r) => r.createdAt);
  }

  async sendsFromIpSince(ip: string, since: Date): Promise<Date[]> {
    const rows = await this.#db
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.ip, ip), gt(otpChallenges.createdAt, since)))
      .orderBy(asc(otpChallenges.createdAt));
    return rows.map((r) => r.createdAt);
  }

  /** A new code voids every earlier live code for the same phone and purpose. */
  async replaceChallenge(values: {
    phone: string;
    purpose: string;
    codeHash: string;
    expiresAt: Date;
    ip: string | null;
    now: Date;
  }): Promise<void> {
    await this.#db
      .update(otpChallenges)
      .set({ voidedAt: values.now })
      .where(
        and(
          eq(otpChallenges.phone, values.phone),
          eq(otpChallenges.purpose, values.purpose),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.voidedAt),
        ),
      );
    const { now, ...rest } = values;
    await this.#db.insert(otpChallenges).values({ ...rest, createdAt: now });
  }

  /** The newest code that was neither used nor replaced (it may have expired or run out of checks). */
  async findLive(phone: string, purpose: string): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phone, phone),
          eq(otpChallenges.purpose, purpose),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.voidedAt),
        ),
      )
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Spends one check of a code, in one statement so that parallel guesses cannot exceed the limit.
   * Answers the attempts count after this one, or undefined when the code has no checks left or was spent.
   */
  async spendAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
    const [row] = await this.#db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(
        and(
          eq(otpChallenges.id, id),
          sql`${otpChallenges.attempts} < ${maxAttempts}`,
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.voidedAt),
        ),
      )
      .returning({ attempts: otpChallenges.attempts });
    return row?.attempts;
  }

  /** Single use: false when a concurrent request used the code first. */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.#db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.voidedAt)))
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }

  async addToOutbox(values: {
    to: string;
    channel: string;
    template: string;
    /** Null for a notice that carries no code. */
    code: string | null;
    body: string;
    now: Date;
  }): Promise<void> {
    const { now, ...rest } = values;
    await this.#db.insert(devOutbox).values({ ...rest, createdAt: now });
  }

  async listOutbox(to: string | undefined, limit: number): Promise<OutboxRow[]> {
    return this.#db
      .select()
      .from(devOutbox)
      .where(to ? eq(devOutbox.to, to) : undefined)
      .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
      .limit(limit);
  }
}
