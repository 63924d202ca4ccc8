import type { CarRepository } from './car.repository.ts';

/** How often old change-log entries are deleted. */
export const CAR_CHANGES_PRUNE_INTERVAL_MINUTES = 60;
const DAY_MS = 86_400_000;

/**
 * Keeps the catalogue's change log bounded: entries older than the retention are deleted, once an hour, by one
 * process at a time (safe twice at once: a delete by age). Price points are not touched; they go with their car.
 * An index whose position was pruned past reads the whole catalogue again (car-catalogue-index.ts).
 */
export class CarChangesPruneJob {
  readonly #cars: Pick<CarRepository, 'pruneChanges'>;
  readonly #retentionDays: number;
  readonly #now: () => Date;

  constructor(options: {
    cars: Pick<CarRepository, 'pruneChanges'>;
    retentionDays: number;
    now: () => Date;
  }) {
    this.#cars = options.cars;
    this.#retentionDays = options.retentionDays;
    this.#now = options.now;
  }

  /** Deletes the entries past the retention; answers how many. */
  async runOnce(now: Date = this.#now()): Promise<number> {
    return this.#cars.pruneChanges(new Date(now.getTime() - this.#retentionDays * DAY_MS));
  }
}
