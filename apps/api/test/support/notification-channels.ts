import type {
  DeliveryOutcome,
  NotificationChannel,
  OutgoingNotification,
} from '../../src/notifications/channels/channel.ts';

/** A channel that records what it was handed (a stand-in for a receiver: tests read what arrived). */
export class RecordingChannel implements NotificationChannel {
  readonly name: 'push' | 'whatsapp';
  readonly delivered: OutgoingNotification[] = [];
  /** Attempts, failed ones included. */
  attempts = 0;
  /** Fails this many attempts before it succeeds. */
  failFirst: number;
  /** Delay before answering (a slow provider). */
  delayMs: number;
  constructor(name: 'push' | 'whatsapp', options: { failFirst?: number; delayMs?: number } = {}) {
    this.name = name;
    this.failFirst = options.failFirst ?? 0;
    this.delayMs = options.delayMs ?? 0;
  }

  async deliver(notification: OutgoingNotification): Promise<DeliveryOutcome> {
    this.attempts += 1;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.attempts <= this.failFirst) throw new Error(`${this.name} provider unavailable`);
    this.delivered.push(notification);
    return { outcome: 'sent' };
  }
}

/** A channel that always fails: its deliveries retry and never hold up another channel. */
export class BrokenChannel implements NotificationChannel {
  readonly name: 'push' | 'whatsapp';
  attempts = 0;
  constructor(name: 'push' | 'whatsapp') {
    this.name = name;
  }
  async deliver(): Promise<DeliveryOutcome> {
    this.attempts += 1;
    throw new Error('connection refused');
  }
}

/** Polls until the check passes or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  ms = 8000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
