import type { DatabaseHandle } from '../db/client.ts';
import { InProcessJobQueue } from './in-process-job-queue.ts';
import { PgBossJobQueue } from './pg-boss-job-queue.ts';

/** What the queues write to the log. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One kind of background work (a queue), the same on every backend. */
export interface JobDefinition<T extends object> {
  name: string;
  /**
   * Does one job. It must be safe to run again for the same data: a process that dies mid-run leaves the job to
   * be run anew, by itself after a restart or by another process. The signal aborts on stop() and on timeout.
   */
  run(data: T, signal: AbortSignal): Promise<void>;
  /** How long one run may take; past it the run is aborted and counts as failed. */
  timeoutSeconds: number;
  /** Runs after a failed one; a process killed mid-run counts as a failed run on a shared queue. */
  retries: number;
  /** Jobs of this kind run at once in one process (encoding is CPU-bound: 1 keeps requests answered). */
  concurrency?: number;
  /** Called once, by one process, after the last run failed. */
  onGiveUp?(data: T): Promise<void>;
  /**
   * The jobs the database says are unfinished, sent again by resume() at start: the in-process runner's memory
   * goes with its process, and on Postgres a process may stop between writing its row and sending the job.
   * Sending a key already queued or running adds nothing, so this is safe with other processes about.
   */
  unfinished?(): Promise<Array<{ key: string; data: T }>>;
}

/** How many jobs of one queue are in one state. */
export interface JobCount {
  queue: string;
  state: 'created' | 'retry' | 'active' | 'failed';
  count: number;
}

/** Recurring work: run by one process at a time on a shared queue. */
export interface ScheduledJob {
  name: string;
  /** Every this many minutes (1 to 59, or a whole number of hours). */
  everyMinutes: number;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Background jobs. On a Postgres server they are rows in a shared queue (pg-boss), so any API process takes
 * them; on PGlite they run in this process, which is the only one. Either way a key has at most one job
 * waiting or running, and the work itself checks the database, so a job is never done twice.
 */
export interface JobQueue {
  readonly backend: 'pg-boss' | 'in-process';
  /** Registers a kind of work; called before start(). */
  work<T extends object>(definition: JobDefinition<T>): void;
  /** Registers recurring work; called before start(). */
  schedule(job: ScheduledJob): void;
  /** Queues one job; one already waiting or running under the same key makes this a no-op. */
  send<T extends object>(name: string, data: T, options: { key: string }): Promise<void>;
  /** Sends every definition's unfinished jobs again; answers how many were queued. */
  resume(): Promise<number>;
  /**
   * Starts taking jobs (and resumes the unfinished ones). `send only` on a shared queue takes none: an API process
   * beside a separate worker process queues jobs and leaves them to it.
   */
  start(options?: { mode: 'work' | 'send only' }): Promise<void>;
  /** Aborts the runs under way and waits for them; their jobs stay unfinished and are taken up again later. */
  stop(): Promise<void>;
  /**
   * Jobs by queue and state, for the metrics: waiting ('created', 'retry'), running ('active') and given up
   * ('failed'); a shared queue counts every process's.
   */
  counts(): Promise<JobCount[]>;
  /** Resolves once no job of this queue is waiting or running (tests; a shared queue counts every process). */
  idle(): Promise<void>;
}

/**
 * The queue a server's jobs use, chosen like the rate limits' store: a Postgres server that other processes may
 * share gets the shared queue; PGlite can be opened by one process only, so its jobs run in that process.
 */
export function openJobQueue(
  database: DatabaseHandle,
  options: { log: JobLogger; heartbeatSeconds: number },
): JobQueue {
  if (database.dialect === 'postgres' && database.url) {
    return new PgBossJobQueue({ url: database.url, ...options });
  }
  return new InProcessJobQueue(options.log);
}
