import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  cars,
  conversations,
  dealerApplications,
  dealers,
  devOutbox,
  feedback,
  idempotencyKeys,
  mediaObjects,
  notificationDigestItems,
  notifications,
  notificationSettings,
  otpChallenges,
  passwordResetTokens,
  pushSubscriptions,
  refreshTokens,
  savedSearches,
  shares,
  userPresence,
  users,
  whatsappNotices,
} from '../db/schema/index.ts';

/** What closing an account removed at once, for the work done after the commit. */
export interface ClosedAccount {
  /** Storage keys of the files of the removed listings and conversations. */
  mediaKeys: string[];
  /** The other people of the removed conversations, whose cached lists must forget them. */
  otherParticipants: string[];
  removedCars: number;
}

/** The name an erased account shows beside what it left in public (comments, reviews). */
export const ERASED_NAME = 'Deleted user';

/** Account deletion (DELETE /account) and the erasure of personal data that follows it. */
export class AccountDeletionRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Closes the account in one transaction: it can no longer sign in (its phone is released and every session
   * revoked), and what others could see of it (listings, dealership, conversations) is removed. Answers undefined
   * when the account does not exist or was already closed, so two requests at once close it once.
   */
  async close(userId: string, now: Date): Promise<ClosedAccount | undefined> {
    return this.#db.transaction(async (tx) => {
      const [before] = await tx
        .select({ phone: users.phone })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)))
        .for('update');
      if (!before) return undefined;
      // The phone becomes free for a new account at once; what stays until erasure no longer names it.
      await tx
        .update(users)
        .set({ deletionRequestedAt: now, phone: `deleted:${userId}`, updatedAt: now })
        .where(eq(users.id, userId));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx.delete(otpChallenges).where(eq(otpChallenges.phone, before.phone));
      await tx.delete(devOutbox).where(eq(devOutbox.to, before.phone));
      // Nothing reaches a closed account any more: no push to its devices, no WhatsApp notice, no alert of a saved
      // search or a price drop, and its notifications go with it.
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
      await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
      await tx.delete(notificationDigestItems).where(eq(notificationDigestItems.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(userPresence).where(eq(userPresence.userId, userId));
      await tx
        .delete(whatsappNotices)
        .where(or(eq(whatsappNotices.userId, userId), eq(whatsappNotices.otherUserId, userId)));

      const removedConversations = await tx
        .delete(conversations)
        .where(or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)))
        .returning({ id: conversations.id, low: conversations.userLowId, high: conversations.userHighId });
      const dealerRows = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, userId));
      const removedCars = await tx
        .delete(cars)
        .where(
          dealerRows.length > 0
            ? or(
                eq(cars.sellerId, userId),
                inArray(
                  cars.dealerId,
                  dealerRows.map((row) => row.id),
                ),
              )
            : eq(cars.sellerId, userId),
        )
        .returning({ id: cars.id });
      await tx.delete(dealers).where(eq(dealers.userId, userId));
      await tx.delete(dealerApplications).where(eq(dealerApplications.userId, userId));

      const folders = [
        ...removedConversations.map((row) => `conversations/${row.id}/media`),
        ...removedCars.map((row) => `cars/${row.id}`),
      ];
      const media =
        folders.length === 0
          ? []
          : await tx
              .select({ key: mediaObjects.key })
              .from(mediaObjects)
              .where(inArray(mediaObjects.folder, folders));
      return {
        mediaKeys: media.map((row) => row.key),
        otherParticipants: removedConversations.map((row) => (row.low === userId ? row.high : row.low)),
        removedCars: removedCars.length,
      };
    });
  }

  /** Closed accounts whose personal data is due for erasure (closed at or before the cutoff), a batch at a time. */
  async dueForErasure(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.#db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.deletionRequestedAt),
          lte(users.deletionRequestedAt, cutoff),
          isNull(users.erasedAt),
        ),
      )
      .orderBy(users.deletionRequestedAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Files the account uploaded that are still stored (and its avatar), to be removed before it is erased. */
  async ownFiles(userId: string): Promise<{ mediaKeys: string[]; avatarKey: string | null }> {
    const [user] = await this.#db
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId));
    const media = await this.#db
      .select({ key: mediaObjects.key })
      .from(mediaObjects)
      .where(eq(mediaObjects.ownerId, userId));
    return { mediaKeys: media.map((row) => row.key), avatarKey: user?.avatarKey ?? null };
  }

  /**
   * Anonymises what is left of a closed account, in one transaction. The conditional update decides: when two
   * processes erase the same account at once, one of them does the work and the other finds nothing to do.
   */
  async erase(userId: string, cutoff: Date, now: Date): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const [erased] = await tx
        .update(users)
        .set({
          name: ERASED_NAME,
          email: null,
          avatarKey: null,
          countryCode: null,
          // No password hash matches this, and the phone is already released.
          passwordHash: '',
          isPhoneVerified: false,
          isPrivateSeller: false,
          role: 'customer',
          failedLoginCount: 0,
          lastFailedLoginAt: null,
          lockedAt: null,
          erasedAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.id, userId), lte(users.deletionRequestedAt, cutoff), isNull(users.erasedAt)))
        .returning({ id: users.id });
      if (!erased) return false;
      await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
      await tx.delete(mediaObjects).where(eq(mediaObjects.ownerId, userId));
      await tx.update(shares).set({ userId: null }).where(eq(shares.userId, userId));
      // Feedback stays for the team, without who sent it.
      await tx
        .update(feedback)
        .set({ userId: null, name: ERASED_NAME, email: '', userInfo: sql`null` })
        .where(eq(feedback.userId, userId));
      return true;
    });
  }
}
