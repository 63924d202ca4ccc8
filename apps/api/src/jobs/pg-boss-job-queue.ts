import { PgBoss } from 'pg-boss';
import type { JobCount, JobDefinition, JobLogger, JobQueue, ScheduledJob } from './job-queue.ts';

export interface PgBossJobQueueOptions {
  /** The Postgres server every API process shares. */
  url: string;
  log: JobLogger;
  /**
   * A running job's worker touches it every half of this; a job untouched for this long (its process died) is
   * failed and retried by another process, found by a supervisor pass that runs at the same interval. At least 10.
   */
  heartbeatSeconds: number;
}

/** How often an idle worker looks for jobs that no NOTIFY announced. */
const POLL_SECONDS = 2;

/** The queue of jobs whose last run failed, named after theirs (pg-boss copies them there). */
const givenUp = (name: string) => `${name}.given-up`;

/** A recurring job's cron expression, in UTC. */
function cronOf(everyMinutes: number): string {
  if (everyMinutes < 60) return `*/${everyMinutes} * * * *`;
  return `0 */${Math.round(everyMinutes / 60)} * * *`;
}

/**
 * The job queue of a Postgres deployment, on pg-boss: jobs are rows of the database's `pgboss` schema, taken
 * with SKIP LOCKED by whichever API process polls first (or is woken by NOTIFY). A worker proves it is alive with
 * heartbeats; when one dies mid-job (a crash, kill -9), the job is failed once its heartbeat is stale and retried
 * by another process. Queues are 'exclusive': a key has at most one job waiting or running.
 */
export class PgBossJobQueue implements JobQueue {
  readonly backend = 'pg-boss';
  readonly #options: PgBossJobQueueOptions;
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition<object>>();
  readonly #schedules: ScheduledJob[] = [];
  /** Aborts this process's runs on stop(), so a shutdown does not wait for a long transcode. */
  readonly #abort = new AbortController();
  #started = false;

  constructor(options: PgBossJobQueueOptions) {
    this.#options = options;
    this.#boss = new PgBoss({
      connectionString: options.url,
      max: 4,
      useListenNotify: true,
      superviseIntervalSeconds: options.heartbeatSeconds,
      monitorIntervalSeconds: options.heartbeatSeconds,
    });
    this.#boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  work<T extends object>(definition: JobDefinition<T>): void {
    this.#definitions.set(definition.name, definition);
  }

  schedule(job: ScheduledJob): void {
    this.#schedules.push(job);
  }

  async send<T extends object>(name: string, data: T, options: { key: string }): Promise<void> {
    await this.#boss.send(name, data, { singletonKey: options.key });
  }

  async resume(): Promise<number> {
    let queued = 0;
    for (const definition of this.#definitions.values()) {
      for (const job of (await definition.unfinished?.()) ?? []) {
        const id = await this.#boss.send(definition.name, job.data, { singletonKey: job.key });
        if (id) queued += 1;
      }
    }
    return queued;
  }

  async start({ mode }: { mode: 'work' | 'send only' } = { mode: 'work' }): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    const boss = this.#boss;
    await boss.start();
    // The queues exist before anything is sent to them, whichever process starts first.
    for (const definition of this.#definitions.values()) await this.#createQueues(definition);
    if (mode === 'send only') return;
    for (const definition of this.#definitions.values()) await this.#startWorker(definition);
    for (const job of this.#schedules) {
      await boss.createQueue(job.name, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 3600 });
      await boss.schedule(job.name, cronOf(job.everyMinutes), null, { tz: 'UTC' });
      // A job an hour needs no eager polling.
      await boss.work(job.name, { pollingIntervalSeconds: 30 }, async () => job.run(this.#abort.signal));
    }
    const resumed = await this.resume();
    if (resumed > 0) this.#options.log.info({ resumed }, 'resumed unfinished jobs');
  }

  async #createQueues(definition: JobDefinition<object>): Promise<void> {
    const boss = this.#boss;
    const settings = {
      retryLimit: definition.retries,
      expireInSeconds: definition.timeoutSeconds,
      heartbeatSeconds: this.#options.heartbeatSeconds,
      deadLetter: givenUp(definition.name),
      notify: true,
    };
    await boss.createQueue(givenUp(definition.name), { notify: true });
    // An existing queue keeps what it was created with; the update carries this version's settings to it.
    await boss.createQueue(definition.name, { policy: 'exclusive', ...settings });
    await boss.updateQueue(definition.name, settings);
  }

  async #startWorker(definition: JobDefinition<object>): Promise<void> {
    const boss = this.#boss;
    await boss.work<object>(
      definition.name,
      // NOTIFY wakes a worker for a new job; a retried one (its last run failed or its process died) is found by
      // the next poll, which is why polling stays frequent.
      { localConcurrency: definition.concurrency ?? 1, notifyPollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (job) await definition.run(job.data, AbortSignal.any([job.signal, this.#abort.signal]));
      },
    );
    await boss.work<object>(
      givenUp(definition.name),
      { notifyPollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => {
        if (!job) return;
        this.#options.log.error({ queue: definition.name, data: job.data }, 'job given up after its retries');
        await definition.onGiveUp?.(job.data);
      },
    );
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    // Aborted runs fail and are retried at once, by another process or by this one's next start.
    this.#abort.abort();
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }

  async counts(): Promise<JobCount[]> {
    const counted: { rows: Array<{ queue: string; state: JobCount['state']; count: number }> } =
      await this.#boss.getDb().executeSql(
        `select name as queue, state, count(*)::int as count from pgboss.job
         where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
    return counted.rows;
  }

  async idle(): Promise<void> {
    const names = [...this.#definitions.keys()].flatMap((name) => [name, givenUp(name)]);
    const unfinished = `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`;
    for (;;) {
      const counted: { rows: Array<{ n: number }> } = await this.#boss
        .getDb()
        .executeSql(unfinished, [names]);
      if (Number(counted.rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
