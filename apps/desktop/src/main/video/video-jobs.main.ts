/** Running preparations by the renderer's job id, so a cancel from the wizard reaches the right ffmpeg. */
export class VideoJobs {
  readonly #running = new Map<string, AbortController>();

  /** Runs a job under its id; a second job with a running id is refused rather than orphaning the first. */
  async run<T>(jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#running.has(jobId)) throw new Error(`Video job ${jobId} is already running`);
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.#running.delete(jobId);
    }
  }

  /** True when a running job was told to stop. */
  cancel(jobId: string): boolean {
    const controller = this.#running.get(jobId);
    controller?.abort();
    return Boolean(controller);
  }

  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }
}
