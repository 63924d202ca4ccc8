import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Each device's push subscription; an endpoint belongs to one account at a time. */
export class PushSubscriptionRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** A device signed in to another account since takes its endpoint along: the endpoint is the device's. */
  async save(
    userId: string,
    subscription: { endpoint: string; p256dh: string; auth: string },
  ): Promise<void> {
    await this.#db
      .insert(pushSubscriptions)
      .values({ userId, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: subscription.p256dh, auth: subscription.auth },
      });
  }

  /** Removes the caller's own subscription only; whether one went. */
  async removeOwn(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.#db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async removeById(id: string): Promise<void> {
    await this.#db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async countOf(userId: string): Promise<number> {
    const rows = await this.#db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return rows.length;
  }

  async listOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.#db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt);
  }

  async removeOldestOf(userId: string): Promise<void> {
    const [oldest] = await this.listOf(userId);
    if (oldest) await this.removeById(oldest.id);
  }
}
