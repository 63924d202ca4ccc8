import type { SavedSearchCreateBodySchema, SavedSearchUpdateBodySchema } from '@autoreel/core';
import {
  carMatchesFilters,
  MAX_SAVED_SEARCHES,
  type SavedSearchAnswer,
  type SavedSearchFilters,
  type SavedSearchList,
} from '@autoreel/core';
import type { z } from 'zod';
import { isUuid } from '../cars/car-cursor.ts';
import { conflict, notFound } from '../errors.ts';
import type { NotificationRepository, SavedSearchRow } from '../notifications/notification.repository.ts';

type CreateBody = z.output<typeof SavedSearchCreateBodySchema>;
type UpdateBody = z.output<typeof SavedSearchUpdateBodySchema>;

/** Cars listed since the oldest 'last opened' of a list read to count newSince; more are counted as this many. */
const NEW_SINCE_SCAN = 1000;

export interface SavedSearchServiceOptions {
  repo: NotificationRepository;
  /** How many public cars the filters match now (the car list's total). */
  countMatches: (filters: SavedSearchFilters) => Promise<number>;
  now: () => Date;
}

/** Filters as stored: only those in force, so an empty field is no filter. */
function storedFilters(filters: SavedSearchFilters): Record<string, string | number> {
  const stored: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' || typeof value === 'number') stored[key] = value;
  }
  return stored;
}

/** A buyer's saved searches: at most MAX_SAVED_SEARCHES each, only ever read or changed by their owner. */
export class SavedSearchService {
  readonly #repo: NotificationRepository;
  readonly #countMatches: SavedSearchServiceOptions['countMatches'];
  readonly #now: () => Date;

  constructor(options: SavedSearchServiceOptions) {
    this.#repo = options.repo;
    this.#countMatches = options.countMatches;
    this.#now = options.now;
  }

  async create(userId: string, body: CreateBody): Promise<SavedSearchAnswer> {
    const row = await this.#repo.transaction(async (repo) => {
      await repo.lockUser(userId);
      if ((await repo.countSearches(userId)) >= MAX_SAVED_SEARCHES) {
        throw conflict(`You can save at most ${MAX_SAVED_SEARCHES} searches; delete one first`);
      }
      const now = this.#now();
      return repo.insertSearch({
        userId,
        name: body.name,
        filters: storedFilters(body.filters),
        alert: body.alert,
        lastOpenedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    });
    return (await this.#present([row]))[0]!;
  }

  async list(userId: string): Promise<SavedSearchList> {
    return { savedSearches: await this.#present(await this.#repo.searchesOf(userId)) };
  }

  async update(userId: string, id: string, body: UpdateBody): Promise<SavedSearchAnswer> {
    if (!isUuid(id)) throw notFound('Saved search not found');
    const now = this.#now();
    const row = await this.#repo.updateSearch(userId, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.filters !== undefined && { filters: storedFilters(body.filters) }),
      ...(body.alert !== undefined && { alert: body.alert }),
      ...(body.paused !== undefined && { paused: body.paused }),
      ...(body.opened && { lastOpenedAt: now }),
      updatedAt: now,
    });
    // Another user's search is answered as missing, the same as one that does not exist.
    if (!row) throw notFound('Saved search not found');
    return (await this.#present([row]))[0]!;
  }

  async delete(userId: string, id: string): Promise<{ deleted: true }> {
    if (!isUuid(id) || !(await this.#repo.deleteSearch(userId, id))) throw notFound('Saved search not found');
    return { deleted: true };
  }

  async #present(rows: readonly SavedSearchRow[]): Promise<SavedSearchAnswer[]> {
    if (rows.length === 0) return [];
    const oldest = new Date(Math.min(...rows.map((row) => row.lastOpenedAt.getTime())));
    const listed = await this.#repo.carsListedSince(oldest, NEW_SINCE_SCAN);
    return Promise.all(
      rows.map(async (row) => {
        const filters = row.filters as Partial<SavedSearchFilters>;
        const newSince = listed.filter(
          (car) =>
            car.createdAt > row.lastOpenedAt &&
            car.sellerId !== row.userId &&
            carMatchesFilters(car, filters),
        ).length;
        return {
          id: row.id,
          name: row.name,
          filters: row.filters,
          alert: row.alert,
          paused: row.paused,
          matchCount: await this.#countMatches({ sort: 'newest', ...filters }),
          newSince,
          lastOpenedAt: row.lastOpenedAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
        };
      }),
    );
  }
}
