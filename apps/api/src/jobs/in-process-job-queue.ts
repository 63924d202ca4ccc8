import type { JobCount, JobDefinition, JobLogger, JobQueue, ScheduledJob } from './job-queue.ts';

interface Waiting {
  key: string;
  data: object;
}

/**
 * The job queue of a server on PGlite, which only one process can open: jobs wait in memory and run in this
 * process. What survives a restart is the database's own state, which each definition's unfinished() reads back
 * at start; a stop aborts the runs under way without giving them up, so they are resumed the same way.
 */
export class InProcessJobQueue implements JobQueue {
  readonly backend = 'in-process';
  readonly #log: JobLogger;
  readonly #definitions = new Map<string, JobDefinition<object>>();
  readonly #schedules: ScheduledJob[] = [];
  readonly #waiting = new Map<string, Waiting[]>();
  /** `name key` of every job waiting or running. */
  readonly #queued = new Set<string>();
  readonly #active = new Map<string, number>();
  readonly #runs = new Set<Promise<void>>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #scheduledRunning = new Set<string>();
  readonly #abort = new AbortController();
  /** Jobs given up after their retries, by queue, since this process started. */
  readonly #failed = new Map<string, number>();
  #started = false;
  #stopped = false;

  constructor(log: JobLogger) {
    this.#log = log;
  }

  work<T extends object>(definition: JobDefinition<T>): void {
    this.#definitions.set(definition.name, definition);
    this.#waiting.set(definition.name, []);
  }

  schedule(job: ScheduledJob): void {
    this.#schedules.push(job);
  }

  async send<T extends object>(name: string, data: T, options: { key: string }): Promise<void> {
    this.#enqueue(name, data, options.key);
  }

  async resume(): Promise<number> {
    let queued = 0;
    for (const definition of this.#definitions.values()) {
      for (const job of (await definition.unfinished?.()) ?? []) {
        if (this.#enqueue(definition.name, job.data, job.key)) queued += 1;
      }
    }
    return queued;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    for (const job of this.#schedules) {
      // Once at start, then every interval; a run still under way when the next is due makes that one skip.
      const tick = () => {
        if (!this.#scheduledRunning.has(job.name)) this.#track(this.#runScheduled(job));
      };
      const timer = setInterval(tick, job.everyMinutes * 60_000);
      timer.unref();
      this.#timers.push(timer);
      tick();
    }
    for (const name of this.#definitions.keys()) this.#pump(name);
    const resumed = await this.resume();
    if (resumed > 0) this.#log.info({ resumed }, 'resumed unfinished jobs');
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    for (const waiting of this.#waiting.values()) waiting.length = 0;
    this.#abort.abort();
    await this.#settled();
  }

  async idle(): Promise<void> {
    while (this.#runs.size > 0) await this.#settled();
  }

  async counts(): Promise<JobCount[]> {
    return [...this.#definitions.keys()].flatMap((queue) => [
      { queue, state: 'created' as const, count: this.#waiting.get(queue)?.length ?? 0 },
      { queue, state: 'active' as const, count: this.#active.get(queue) ?? 0 },
      { queue, state: 'failed' as const, count: this.#failed.get(queue) ?? 0 },
    ]);
  }

  async #settled(): Promise<void> {
    await Promise.allSettled([...this.#runs]);
  }

  /** Answers whether the job was queued (false: stopped, or one with this key is already waiting or running). */
  #enqueue(name: string, data: object, key: string): boolean {
    const waiting = this.#waiting.get(name);
    if (!waiting) throw new Error(`No job queue named ${name}`);
    const id = `${name} ${key}`;
    if (this.#stopped || this.#queued.has(id)) return false;
    this.#queued.add(id);
    waiting.push({ key, data });
    if (this.#started) this.#pump(name);
    return true;
  }

  #pump(name: string): void {
    const definition = this.#definitions.get(name)!;
    const waiting = this.#waiting.get(name)!;
    while (waiting.length > 0 && (this.#active.get(name) ?? 0) < (definition.concurrency ?? 1)) {
      const job = waiting.shift()!;
      this.#active.set(name, (this.#active.get(name) ?? 0) + 1);
      this.#track(
        this.#runJob(definition, job).finally(() => {
          this.#queued.delete(`${name} ${job.key}`);
          this.#active.set(name, (this.#active.get(name) ?? 1) - 1);
          if (!this.#stopped) this.#pump(name);
        }),
      );
    }
  }

  #track(run: Promise<void>): void {
    this.#runs.add(run);
    void run.finally(() => this.#runs.delete(run));
  }

  async #runJob(definition: JobDefinition<object>, job: Waiting): Promise<void> {
    for (let attempt = 0; attempt <= definition.retries; attempt += 1) {
      const signal = AbortSignal.any([
        this.#abort.signal,
        AbortSignal.timeout(definition.timeoutSeconds * 1000),
      ]);
      try {
        await definition.run(job.data, signal);
        return;
      } catch (error) {
        // Stopped mid-run: the job is not given up, its row still says unfinished and the next start resumes it.
        if (this.#stopped) return;
        this.#log.warn({ err: error, queue: definition.name, key: job.key, attempt }, 'job failed');
      }
    }
    this.#log.error({ queue: definition.name, key: job.key }, 'job given up after its retries');
    this.#failed.set(definition.name, (this.#failed.get(definition.name) ?? 0) + 1);
    await definition.onGiveUp?.(job.data).catch((error: unknown) => {
      this.#log.error({ err: error, queue: definition.name, key: job.key }, 'could not give up a job');
    });
  }

  async #runScheduled(job: ScheduledJob): Promise<void> {
    this.#scheduledRunning.add(job.name);
    try {
      await job.run(this.#abort.signal);
    } catch (error) {
      if (!this.#stopped) this.#log.error({ err: error, queue: job.name }, 'scheduled job failed');
    } finally {
      this.#scheduledRunning.delete(job.name);
    }
  }
}
