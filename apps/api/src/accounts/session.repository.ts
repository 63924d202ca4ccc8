import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { passwordResetTokens, refreshTokens } from '../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Refresh-token families and password-reset tokens; only hashes of the tokens are ever stored. */
export class SessionRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  transaction<T>(work: (tx: SessionRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(new SessionRepository(tx as unknown as Database)));
  }

  get db(): Database {
    return this.#db;
  }

  async insertRefreshToken(values: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    now: Date;
  }): Promise<void> {
    const { now, ...rest } = values;
    await this.#db.insert(refreshTokens).values({ ...rest, createdAt: now });
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /**
   * Claims a rotation of a token, in one statement so that concurrent claims are decided one by one: true for its
   * first use (marked used now) and for a use while its grace runs (first used after `graceStart`); false once it
   * was revoked or its grace is over.
   */
  async claimRotation(id: string, now: Date, graceStart: Date): Promise<boolean> {
    const rows = await this.#db
      .update(refreshTokens)
      .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.revokedAt),
          or(isNull(refreshTokens.usedAt), gt(refreshTokens.usedAt, graceStart)),
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.#db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.#db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Only one reset token per user is live: asking again retires the earlier ones. */
  async replaceResetToken(values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<void> {
    await this.#db
      .update(passwordResetTokens)
      .set({ usedAt: values.now })
      .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
    await this.#db.insert(passwordResetTokens).values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    });
  }

  /** Spends a live reset token in one statement, so two concurrent resets cannot both succeed; answers its user. */
  async consumeResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.#db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  }
}
