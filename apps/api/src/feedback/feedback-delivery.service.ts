import type { FeedbackRepository, FeedbackRow } from './feedback.repository.ts';

/** The log calls the deliverer makes; the server's logger is one. */
export interface DeliveryLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Retries back off exponentially from the base delay but never wait longer than this. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** How long a claimed row is reserved for this process; longer than one attempt can take. */
const LEASE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const BATCH_SIZE = 20;
/** Even with nothing due, look again now and then: another process may have stored feedback. */
const IDLE_POLL_MS = 60_000;

/** Delay before the next attempt after `attempts` failed ones: base, 2 x base, 4 x base ... capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** What the webhook receives (SPEC 7 'Feedback and sharing'): the form fields plus timestamp, userInfo, source. */
export function webhookPayload(row: FeedbackRow) {
  return {
    id: row.id,
    category: row.category,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    rating: row.rating,
    canContact: row.canContact,
    timestamp: row.createdAt.toISOString(),
    userInfo: row.userInfo ?? null,
    source: row.source,
  };
}

/**
 * Forwards stored feedback to the webhook in the background until the webhook accepts it (a 2xx answer). State
 * lives in the feedback rows, so deliveries that were pending when the process stopped resume at the next start.
 * Delivery is at least once: the feedback id goes along as Idempotency-Key for receivers that deduplicate.
 */
export class FeedbackDeliverer {
  readonly #repo: FeedbackRepository;
  readonly #webhookUrl: string | undefined;
  readonly #baseDelayMs: number;
  readonly #now: () => Date;
  #log: DeliveryLog | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #rerun = false;
  #started = false;
  #stopped = false;
  readonly #abort = new AbortController();

  constructor(
    repo: FeedbackRepository,
    options: { webhookUrl: string | undefined; baseDelayMs: number; now: () => Date },
  ) {
    this.#repo = repo;
    this.#webhookUrl = options.webhookUrl;
    this.#baseDelayMs = Math.max(1, options.baseDelayMs);
    this.#now = options.now;
  }

  /** Starts delivering, beginning with whatever is pending; without a webhook address nothing runs. */
  start(log?: DeliveryLog): void {
    if (!this.#webhookUrl || this.#started || this.#stopped) return;
    this.#log = log;
    if (!isHttpUrl(this.#webhookUrl)) {
      // Retrying a malformed address forever would only fill the log; the feedback stays stored until it is fixed.
      log?.error({}, 'FEEDBACK_WEBHOOK_URL is not an http(s) URL; feedback is stored but not forwarded');
      return;
    }
    this.#started = true;
    this.#schedule(0);
  }

  /** New feedback was stored: try it now rather than at the next poll. */
  notify(): void {
    if (this.#started && !this.#stopped) this.#schedule(0);
  }

  /** Stops the timer, aborts a request in flight and waits for the current pass to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#abort.abort();
    await this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#run(), Math.max(0, delayMs));
    // Pending deliveries must never keep a process alive that is otherwise done.
    this.#timer.unref();
  }

  #run(): void {
    if (this.#running) {
      this.#rerun = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => {
        this.#log?.error({ err: error }, 'feedback delivery pass failed');
        return IDLE_POLL_MS;
      })
      .then((nextDelay) => {
        this.#running = undefined;
        if (this.#rerun) {
          this.#rerun = false;
          this.#schedule(0);
        } else {
          this.#schedule(nextDelay);
        }
      });
  }

  /** Delivers everything due; answers how long to wait before the next pass. */
  async #pass(): Promise<number> {
    for (;;) {
      if (this.#stopped) return IDLE_POLL_MS;
      const now = this.#now();
      const batch = await this.#repo.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
      if (batch.length === 0) break;
      for (const row of batch) await this.#deliver(row);
    }
    if (this.#stopped) return IDLE_POLL_MS;
    const next = await this.#repo.nextDueAt();
    if (!next) return IDLE_POLL_MS;
    return Math.min(Math.max(0, next.getTime() - this.#now().getTime()), IDLE_POLL_MS);
  }

  async #deliver(row: FeedbackRow): Promise<void> {
    if (this.#stopped) return this.#release(row);
    const attempts = row.deliveryAttempts + 1;
    let failure: string;
    try {
      const response = await fetch(this.#webhookUrl as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': row.id },
        body: JSON.stringify(webhookPayload(row)),
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      // Drain the answer so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        await this.#repo.markDelivered(row.id, attempts, this.#now());
        return;
      }
      failure = `HTTP ${response.status}`;
    } catch (error) {
      // Stopping mid-request is not the webhook's failure: hand the row back so the next start sends it at once.
      if (this.#stopped) return this.#release(row);
      failure = describe(error);
    }
    const nextAttemptAt = new Date(this.#now().getTime() + retryDelayMs(attempts, this.#baseDelayMs));
    await this.#repo.markFailed(row.id, attempts, nextAttemptAt, failure);
    this.#log?.warn({ feedbackId: row.id, attempts, error: failure }, 'feedback webhook delivery failed');
  }

  async #release(row: FeedbackRow): Promise<void> {
    await this.#repo.release(row.id, this.#now());
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
