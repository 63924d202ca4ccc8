import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cars, conversations, mediaObjects } from '../db/schema/index.ts';

export type MediaObject = typeof mediaObjects.$inferSelect;
export type NewMediaObject = typeof mediaObjects.$inferInsert;
export type MediaStatus = 'uploaded' | 'processing' | 'ready' | 'failed';

/** Media rows, and the few facts about cars and conversations that decide who may upload where. */
export class MediaRepository {
  private readonly db: Database;
  /** Told after a car's media changed, so that cached public answers forget the car. */
  private readonly onCarsChanged: () => void;
  constructor(db: Database, onCarsChanged: () => void = () => undefined) {
    this.db = db;
    this.onCarsChanged = onCarsChanged;
  }

  async insert(row: NewMediaObject): Promise<MediaObject> {
    const [inserted] = await this.db.insert(mediaObjects).values(row).returning();
    if (!inserted) throw new Error('media insert returned no row');
    return inserted;
  }

  /** Inserts, or refreshes the row of a key written again (a re-run job). */
  async upsert(row: NewMediaObject): Promise<void> {
    await this.db
      .insert(mediaObjects)
      .values(row)
      .onConflictDoUpdate({
        target: mediaObjects.key,
        set: { size: row.size, status: row.status ?? 'ready', mimeType: row.mimeType },
      });
  }

  async findByKey(key: string): Promise<MediaObject | undefined> {
    const [row] = await this.db.select().from(mediaObjects).where(eq(mediaObjects.key, key)).limit(1);
    return row;
  }

  async findByKeys(keys: readonly string[]): Promise<MediaObject[]> {
    if (keys.length === 0) return [];
    return this.db
      .select()
      .from(mediaObjects)
      .where(inArray(mediaObjects.key, [...keys]));
  }

  async findByFolder(folder: string): Promise<MediaObject[]> {
    return this.db.select().from(mediaObjects).where(eq(mediaObjects.folder, folder));
  }

  async findByStatus(kind: string, status: MediaStatus): Promise<MediaObject[]> {
    return this.db
      .select()
      .from(mediaObjects)
      .where(and(eq(mediaObjects.kind, kind), eq(mediaObjects.status, status)))
      .orderBy(mediaObjects.createdAt);
  }

  async setStatus(key: string, status: MediaStatus): Promise<void> {
    await this.db.update(mediaObjects).set({ status }).where(eq(mediaObjects.key, key));
  }

  /**
   * Moves a row from one status to another only if it is still in the first: answers false when another process
   * (or a deletion) got there first, which is how a job's result is recorded once.
   */
  async transitionStatus(
    key: string,
    from: MediaStatus,
    to: MediaStatus,
    changes: { addedBytes?: number } = {},
  ): Promise<boolean> {
    const rows = await this.db
      .update(mediaObjects)
      .set({ status: to, size: sql`${mediaObjects.size} + ${changes.addedBytes ?? 0}` })
      .where(and(eq(mediaObjects.key, key), eq(mediaObjects.status, from)))
      .returning({ key: mediaObjects.key });
    return rows.length > 0;
  }

  async deleteByKeys(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(mediaObjects).where(inArray(mediaObjects.key, [...keys]));
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(mediaObjects);
    return row?.n ?? 0;
  }

  /** The account that listed a car, or undefined when there is no such car. */
  async findCarSeller(carId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ sellerId: cars.sellerId })
      .from(cars)
      .where(eq(cars.id, carId))
      .limit(1);
    return row?.sellerId;
  }

  async findConversationParticipants(conversationId: string): Promise<[string, string] | undefined> {
    const [row] = await this.db
      .select({ low: conversations.userLowId, high: conversations.userHighId })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .limit(1);
    return row ? [row.low, row.high] : undefined;
  }

  async setCarVideoStatus(carId: string, videoStatus: 'processing' | 'ready' | 'failed'): Promise<void> {
    await this.db.update(cars).set({ videoStatus, updatedAt: new Date() }).where(eq(cars.id, carId));
    this.onCarsChanged();
  }

  /**
   * Puts the prepared video in place of its original in the car's list (or first, when the client has not yet
   * saved the original's key), names its ladder (HLS master playlist key, when one was made), sets the poster and
   * marks the video ready, in one statement. A draft (an imported car waiting for its video) goes live with it.
   */
  async completeCarVideo(
    carId: string,
    originalKey: string,
    preparedKey: string,
    posterKey: string,
    streamKey: string | null = null,
  ): Promise<boolean> {
    const stream = streamKey ? { [preparedKey]: streamKey } : {};
    const rows = await this.db
      .update(cars)
      .set({
        videos: sql`array_prepend(${preparedKey}::text, array_remove(array_remove(${cars.videos}, ${originalKey}::text), ${preparedKey}::text))`,
        videoStreams: sql`(${cars.videoStreams} - ${originalKey}::text - ${preparedKey}::text) || ${JSON.stringify(stream)}::jsonb`,
        posterKey,
        videoStatus: 'ready',
        status: sql`case when ${cars.status} = 'draft' then 'active' else ${cars.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(cars.id, carId))
      .returning({ id: cars.id });
    this.onCarsChanged();
    return rows.length > 0;
  }

  /** Drops deleted keys from the car that listed them, so the car never points at a missing file. */
  async removeKeysFromCar(carId: string, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.db
        .update(cars)
        .set({
          images: sql`array_remove(${cars.images}, ${key}::text)`,
          videos: sql`array_remove(${cars.videos}, ${key}::text)`,
          videoStreams: sql`${cars.videoStreams} - ${key}::text`,
          posterKey: sql`case when ${cars.posterKey} = ${key} then null else ${cars.posterKey} end`,
        })
        .where(eq(cars.id, carId));
    }
    this.onCarsChanged();
  }
}
