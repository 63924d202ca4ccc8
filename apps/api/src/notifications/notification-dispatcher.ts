import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobDefinition, JobLogger, JobQueue } from '../jobs/job-queue.ts';
import type { DeliveryOutcome, NotificationChannel, OutgoingNotification } from './channels/channel.ts';
import type { NotificationRepository, NotificationRow } from './notification.repository.ts';

/** The job queue a channel's deliveries are worked on: one per channel, so a failing channel holds up no other. */
export const deliveryQueueName = (channel: string) => `notification-deliveries-${channel}`;

export interface DispatcherOptions {
  repo: NotificationRepository;
  channels: readonly NotificationChannel[];
  jobs: JobQueue;
  log: JobLogger;
  now?: () => Date;
  /** The first retry's wait; each next one doubles it, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before a delivery is given up ('failed'). */
  maxAttempts?: number;
  /** How long a claimed delivery is this process's; past it (the process died) another may deliver it. */
  claimMs?: number;
  /** Deliveries one worker hands to its channel at once. */
  batch?: number;
}

/** A run waits in place for a retry due within this, rather than leaving it to the next sweep. */
const WAIT_IN_PLACE_MS = 30_000;
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Works the outbox: for each channel, a job claims due deliveries (SKIP LOCKED, so several processes share the
 * work), hands each to the channel, and records the outcome while its claim holds. A throw is retried with
 * exponential backoff; a delivery whose process died mid-way is claimed again once its claim runs out. Each
 * delivery is handed to its channel once per successful claim: the only repeat is one whose process died between
 * handing it over and recording it, and the channel gets the notification's id to recognise it by.
 */
export class NotificationDispatcher {
  readonly #repo: NotificationRepository;
  readonly #channels: ReadonlyMap<string, NotificationChannel>;
  readonly #jobs: JobQueue;
  readonly #log: JobLogger;
  readonly #now: () => Date;
  readonly #retryBaseMs: number;
  readonly #maxAttempts: number;
  readonly #claimMs: number;
  readonly #batch: number;

  constructor(options: DispatcherOptions) {
    this.#repo = options.repo;
    this.#channels = new Map(options.channels.map((channel) => [channel.name, channel]));
    this.#jobs = options.jobs;
    this.#log = options.log;
    this.#now = options.now ?? (() => new Date());
    this.#retryBaseMs = options.retryBaseMs ?? 5_000;
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#claimMs = options.claimMs ?? 120_000;
    this.#batch = options.batch ?? 50;
  }

  /** One job definition per channel, for the composition root to `work`. */
  definitions(): JobDefinition<{ channel: string }>[] {
    return [...this.#channels.keys()].map((channel) => ({
      name: deliveryQueueName(channel),
      timeoutSeconds: 600,
      retries: 3,
      concurrency: 2,
      run: (_data, signal) => this.drain(channel, signal),
      // At start: a worker for each channel with unfinished deliveries (a restart, a process that died).
      unfinished: async () =>
        (await this.#repo.nextDue(channel)) ? [{ key: `resume-${randomUUID()}`, data: { channel } }] : [],
    }));
  }

  /** Wakes a worker per channel: deliveries were written. Each wake is its own job, so none is lost to a busy one. */
  async wake(): Promise<void> {
    for (const channel of this.#channels.keys()) {
      await this.#jobs.send(deliveryQueueName(channel), { channel }, { key: randomUUID() });
    }
  }

  /** The scheduled sweep: wakes the channels that have a delivery due (a retry, a deferral, a dead claim). */
  async sweep(): Promise<void> {
    const now = this.#now().getTime();
    for (const channel of this.#channels.keys()) {
      const due = await this.#repo.nextDue(channel);
      if (due && due.getTime() <= now + WAIT_IN_PLACE_MS) {
        await this.#jobs.send(deliveryQueueName(channel), { channel }, { key: randomUUID() });
      }
    }
  }

  /** Delivers the channel's due deliveries until none is due soon. */
  async drain(channelName: string, signal: AbortSignal): Promise<void> {
    const channel = this.#channels.get(channelName);
    if (!channel) return;
    for (;;) {
      signal.throwIfAborted();
      const now = this.#now();
      const claimUntil = new Date(now.getTime() + this.#claimMs);
      const claimed = await this.#repo.claimDue(channelName, now, claimUntil, this.#batch);
      if (claimed.length > 0) {
        const rows = new Map(
          (await this.#repo.findNotifications(claimed.map((row) => row.notificationId))).map((row) => [
            row.id,
            row,
          ]),
        );
        await Promise.all(
          claimed.map((row) =>
            this.#deliverOne(
              channel,
              rows.get(row.notificationId) ?? null,
              row.notificationId,
              row.attempts,
              claimUntil,
            ),
          ),
        );
        continue;
      }
      const next = await this.#repo.nextDue(channelName);
      if (!next) return;
      const wait = next.getTime() - this.#now().getTime();
      if (wait > WAIT_IN_PLACE_MS) return;
      await sleep(Math.max(wait, 10), undefined, { signal });
    }
  }

  async #deliverOne(
    channel: NotificationChannel,
    row: NotificationRow | null,
    notificationId: string,
    attempts: number,
    claimedUntil: Date,
  ): Promise<void> {
    // Gone (its user's account was erased): the cascade removed its delivery too.
    if (!row) return;
    const outgoing: OutgoingNotification = {
      id: row.id,
      userId: row.userId,
      kind: row.kind as OutgoingNotification['kind'],
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt,
    };
    let result: DeliveryOutcome;
    try {
      result = await channel.deliver(outgoing);
    } catch (error) {
      const givenUp = attempts >= this.#maxAttempts;
      const backoff = Math.min(this.#retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      this.#log.warn(
        { channel: channel.name, notificationId, attempts, givenUp, err: error },
        'notification delivery failed',
      );
      await this.#repo.settle(
        notificationId,
        channel.name,
        claimedUntil,
        {
          status: givenUp ? 'failed' : 'pending',
          nextAt: new Date(this.#now().getTime() + backoff),
          outcome: error instanceof Error ? error.message : String(error),
        },
        this.#now(),
      );
      return;
    }
    const next =
      result.outcome === 'sent'
        ? { status: 'sent' as const, outcome: 'sent' }
        : result.outcome === 'skipped'
          ? { status: 'skipped' as const, outcome: result.reason }
          : { status: 'deferred' as const, nextAt: result.until, outcome: 'deferred' };
    await this.#repo.settle(notificationId, channel.name, claimedUntil, next, this.#now());
  }
}
