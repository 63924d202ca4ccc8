/** Where a process is in its life, as the proxy's readiness check sees it. */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/**
 * Whether this process should be sent traffic (GET /api/ready). It starts not ready, turns ready once it listens with
 * its catalogue loaded, and turns not ready for good on SIGTERM, while it still answers, so the proxy moves the
 * traffic elsewhere before the listener closes.
 */
export class Readiness {
  #state: ReadinessState = 'starting';

  get state(): ReadinessState {
    return this.#state;
  }

  markReady(): void {
    if (this.#state === 'starting') this.#state = 'ready';
  }

  drain(): void {
    this.#state = 'draining';
  }
}
