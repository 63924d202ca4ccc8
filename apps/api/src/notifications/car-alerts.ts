import { randomUUID } from 'node:crypto';
import { carMatchesFilters, displayPrice } from '@autoreel/core';
import type { DatabaseHandle } from '../db/client.ts';
import { CAR_CHANGES_CHANNEL } from '../db/channels.ts';
import type { JobDefinition, JobQueue } from '../jobs/job-queue.ts';
import type {
  AlertCar,
  CarChangeRow,
  NewNotification,
  NotificationRepository,
  SavedSearchRow,
} from './notification.repository.ts';

/** The change log reader's cursor row. */
export const ALERTS_CURSOR = 'notifications';
/** Changes read per transaction. */
const BATCH = 500;

export interface AlertBatch {
  notifications: NewNotification[];
  digest: Array<{ userId: string; kind: 'match' | 'price_drop'; carId: string; seq: number }>;
}

const carName = (car: AlertCar) => `${car.year} ${car.make} ${car.model}`;

/**
 * What one batch of the change log tells whom. New listings are matched against every alerting saved search in
 * memory (carMatchesFilters, the car list's own filter rules): the searches are read once per batch, and a car is
 * checked against each in a few microseconds, so 10,000 searches cost a few milliseconds a car. A price drop
 * tells who liked the car and whose search matches it, once per drop (its change's sequence is in the key).
 * Nobody is told of their own car; an instant alert wins over a daily one for the same car.
 */
/** A car buyers can now see for the first time: listed, or an imported draft that got its video. */
export function wentLive(change: Pick<CarChangeRow, 'kind' | 'oldStatus' | 'newStatus'>): boolean {
  return (
    change.kind === 'listed' ||
    (change.kind === 'status_changed' && change.oldStatus === 'draft' && change.newStatus === 'active')
  );
}

export function alertsFor(
  changes: readonly CarChangeRow[],
  carsById: ReadonlyMap<string, AlertCar>,
  searches: readonly SavedSearchRow[],
  likers: ReadonlyMap<string, readonly string[]>,
): AlertBatch {
  const batch: AlertBatch = { notifications: [], digest: [] };
  for (const change of changes) {
    const car = carsById.get(change.carId);
    if (!car || car.status !== 'active') continue;
    if (wentLive(change)) {
      const instant = new Map<string, SavedSearchRow>();
      const daily = new Set<string>();
      for (const search of searches) {
        if (search.userId === car.sellerId) continue;
        if (!carMatchesFilters(car, search.filters)) continue;
        if (search.alert === 'instant') {
          if (!instant.has(search.userId)) instant.set(search.userId, search);
        } else if (search.alert === 'daily') daily.add(search.userId);
      }
      for (const [userId, search] of instant) {
        batch.notifications.push({
          userId,
          kind: 'saved_search_match',
          title: `New match: ${carName(car)}`,
          body: `${displayPrice(car)}, for your search '${search.name}'`,
          link: `/cars/${car.id}`,
          dedupeKey: `match:${car.id}`,
        });
      }
      for (const userId of daily) {
        if (!instant.has(userId))
          batch.digest.push({ userId, kind: 'match', carId: car.id, seq: change.seq });
      }
    } else if (
      change.kind === 'price_changed' &&
      change.oldPrice !== null &&
      change.newPrice !== null &&
      change.newPrice > 0 &&
      change.newPrice < change.oldPrice
    ) {
      const instant = new Set(likers.get(car.id) ?? []);
      const daily = new Set<string>();
      for (const search of searches) {
        if (instant.has(search.userId)) continue;
        if (!carMatchesFilters(car, search.filters)) continue;
        if (search.alert === 'instant') instant.add(search.userId);
        else if (search.alert === 'daily') daily.add(search.userId);
      }
      instant.delete(car.sellerId);
      daily.delete(car.sellerId);
      const was = displayPrice({ price: change.oldPrice, currency: car.currency });
      for (const userId of instant) {
        batch.notifications.push({
          userId,
          kind: 'price_drop',
          title: `Price drop: ${carName(car)}`,
          body: `Now ${displayPrice({ price: change.newPrice, currency: car.currency })}, was ${was}`,
          link: `/cars/${car.id}`,
          dedupeKey: `price_drop:${car.id}:${change.seq}`,
        });
      }
      for (const userId of daily) {
        if (!instant.has(userId))
          batch.digest.push({ userId, kind: 'price_drop', carId: car.id, seq: change.seq });
      }
    }
  }
  return batch;
}

/**
 * Reads the catalogue's change log on from its cursor and turns it into alerts. Each batch is one transaction
 * that locks the cursor, writes the notifications (once per user and key) and the digest's items, and moves the
 * cursor: a restart resumes at the first change not committed, and two processes never read the same batch.
 */
export class CarAlerts {
  readonly #repo: NotificationRepository;
  readonly #write: (repo: NotificationRepository, rows: NewNotification[]) => Promise<unknown[]>;
  readonly #announce: (written: unknown[]) => Promise<void>;

  constructor(options: {
    repo: NotificationRepository;
    write: (repo: NotificationRepository, rows: NewNotification[]) => Promise<unknown[]>;
    announce: (written: unknown[]) => Promise<void>;
  }) {
    this.#repo = options.repo;
    this.#write = options.write;
    this.#announce = options.announce;
  }

  /** Reads every change not read yet; answers how many were read. */
  async catchUp(signal?: AbortSignal): Promise<number> {
    let read = 0;
    for (;;) {
      signal?.throwIfAborted();
      const { count, written } = await this.#repo.transaction(async (repo) => {
        const cursor = await repo.lockCursor(ALERTS_CURSOR);
        const changes = await repo.changesAfter(cursor, BATCH);
        if (changes.length === 0) return { count: 0, written: [] as unknown[] };
        const batch = await this.#batchFor(repo, changes);
        const written = await this.#write(repo, batch.notifications);
        await repo.addDigestItems(batch.digest);
        await repo.moveCursor(ALERTS_CURSOR, changes.at(-1)!.seq);
        return { count: changes.length, written };
      });
      await this.#announce(written);
      read += count;
      if (count < BATCH) return read;
    }
  }

  async #batchFor(repo: NotificationRepository, changes: readonly CarChangeRow[]): Promise<AlertBatch> {
    const relevant = changes.filter(
      (change) =>
        wentLive(change) ||
        (change.kind === 'price_changed' && (change.newPrice ?? 0) < (change.oldPrice ?? 0)),
    );
    if (relevant.length === 0) return { notifications: [], digest: [] };
    const carIds = [...new Set(relevant.map((change) => change.carId))];
    const carsById = new Map((await repo.carsByIds(carIds)).map((car) => [car.id, car]));
    const searches = await repo.alertingSearches();
    const dropped = relevant
      .filter((change) => change.kind === 'price_changed')
      .map((change) => change.carId);
    const likers = new Map<string, string[]>();
    for (const like of await repo.likersOf(dropped)) {
      likers.set(like.carId, [...(likers.get(like.carId) ?? []), like.userId]);
    }
    return alertsFor(relevant, carsById, searches, likers);
  }
}

/** The job that reads the change log on; any process may run it, the cursor's lock keeps them in turn. */
export const CAR_ALERTS_JOB = 'car-alerts';

export function carAlertsJob(alerts: CarAlerts): JobDefinition<{ wake?: string }> {
  return {
    name: CAR_ALERTS_JOB,
    timeoutSeconds: 300,
    retries: 5,
    concurrency: 1,
    run: async (_data, signal) => {
      await alerts.catchUp(signal);
    },
    // At start the log is read on from the cursor: changes committed while no process ran are not missed.
    unfinished: async () => [{ key: `start-${randomUUID()}`, data: {} }],
  };
}

/**
 * Wakes the change log's reader when the log grows: the trigger NOTIFYs once per statement, and the wakes of a
 * burst are gathered into one job (each with its own key, so a wake is never lost to a run already under way).
 */
export class ChangeLogWake {
  readonly #database: DatabaseHandle;
  readonly #jobs: JobQueue;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #unlisten: (() => Promise<void>) | null = null;

  constructor(database: DatabaseHandle, jobs: JobQueue, onError: (error: unknown) => void) {
    this.#database = database;
    this.#jobs = jobs;
    this.#onError = onError;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(CAR_CHANGES_CHANNEL, () => this.#wake());
  }

  #wake(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#jobs.send(CAR_ALERTS_JOB, {}, { key: randomUUID() }).catch(this.#onError);
    }, 25);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.().catch(this.#onError);
  }
}
