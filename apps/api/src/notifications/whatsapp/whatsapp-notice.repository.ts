import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cars, conversations, users, whatsappNotices } from '../../db/schema/index.ts';

export interface NoticeContext {
  /** The seller's own number, the notice's address. */
  phone: string;
  senderName: string;
  car: { year: number; make: string; model: string; sellerId: string | null } | null;
}

/** What a new-message notice names, and its hourly throttle per recipient and sender (one conversation per pair). */
export class WhatsAppNoticeRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * The recipient's number, the sender's name and the car: the one the link names, else the conversation's latest.
   * Undefined when either account is closed or no conversation joins them.
   */
  async contextOf(
    userId: string,
    senderId: string,
    carId: string | null,
  ): Promise<NoticeContext | undefined> {
    const [recipient] = await this.#db
      .select({ phone: users.phone })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt), isNull(users.suspendedAt)));
    const [sender] = await this.#db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, senderId), isNull(users.deletionRequestedAt)));
    const [low, high] = userId < senderId ? [userId, senderId] : [senderId, userId];
    const [conversation] = await this.#db
      .select({ carId: conversations.carId })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (!recipient || !sender || !conversation) return undefined;
    const id = carId ?? conversation.carId;
    const [car] = id
      ? await this.#db
          .select({ year: cars.year, make: cars.make, model: cars.model, sellerId: cars.sellerId })
          .from(cars)
          .where(eq(cars.id, id))
      : [];
    return { phone: recipient.phone, senderName: sender.name, car: car ?? null };
  }

  /**
   * Takes the pair's hour: true when no notice went to this recipient about this sender since `since`, and records
   * `now` in the same statement, so two processes delivering at once send one.
   */
  async claim(userId: string, senderId: string, now: Date, since: Date): Promise<boolean> {
    const rows = await this.#db
      .insert(whatsappNotices)
      .values({ userId, otherUserId: senderId, sentAt: now })
      .onConflictDoUpdate({
        target: [whatsappNotices.userId, whatsappNotices.otherUserId],
        set: { sentAt: sql`excluded.sent_at` },
        setWhere: lte(whatsappNotices.sentAt, since),
      })
      .returning({ sentAt: whatsappNotices.sentAt });
    return rows.length > 0;
  }

  /** Gives the hour back when the notice could not be sent, so the retry may send it. */
  async release(userId: string, senderId: string, claimedAt: Date): Promise<void> {
    await this.#db
      .delete(whatsappNotices)
      .where(
        and(
          eq(whatsappNotices.userId, userId),
          eq(whatsappNotices.otherUserId, senderId),
          eq(whatsappNotices.sentAt, claimedAt),
        ),
      );
  }
}
