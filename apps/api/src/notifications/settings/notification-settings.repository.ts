import { eq, sql } from 'drizzle-orm';
import type { NotificationChannelsByKind } from '@autoreel/core';
import type { Database } from '../../db/client.ts';
import { notificationSettings, userPresence } from '../../db/schema/index.ts';

export interface NotificationSettingsRow {
  channels: NotificationChannelsByKind;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
}

/** Each account's notification settings, and when it last had the app open. */
export class NotificationSettingsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async find(userId: string): Promise<NotificationSettingsRow | undefined> {
    const [row] = await this.#db
      .select({
        channels: notificationSettings.channels,
        quietStart: notificationSettings.quietStart,
        quietEnd: notificationSettings.quietEnd,
        timeZone: notificationSettings.timeZone,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row;
  }

  async save(userId: string, row: NotificationSettingsRow, now: Date): Promise<void> {
    await this.#db
      .insert(notificationSettings)
      .values({ userId, ...row, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...row, updatedAt: now } });
  }

  /** Never moves back: two processes writing at once keep the later time. */
  async markSeen(userId: string, at: Date): Promise<void> {
    await this.#db
      .insert(userPresence)
      .values({ userId, lastSeenAt: at })
      .onConflictDoUpdate({
        target: userPresence.userId,
        set: { lastSeenAt: sql`greatest(${userPresence.lastSeenAt}, excluded.last_seen_at)` },
      });
  }

  async lastSeen(userId: string): Promise<Date | null> {
    const [row] = await this.#db
      .select({ at: userPresence.lastSeenAt })
      .from(userPresence)
      .where(eq(userPresence.userId, userId));
    return row?.at ?? null;
  }
}
