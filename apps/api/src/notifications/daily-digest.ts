import { pluralWord } from '@autoreel/core';
import type { NewNotification, NotificationRepository } from './notification.repository.ts';

/** The digest runs once a day (00:00 UTC on a shared queue). */
export const DIGEST_INTERVAL_MINUTES = 24 * 60;

/**
 * The daily digest of searches set to 'daily': takes every waiting match and price drop and writes one notification
 * per user, in one transaction (items taken and notification written together, so none is lost or told twice).
 */
export class DailyDigest {
  readonly #repo: NotificationRepository;
  readonly #write: (repo: NotificationRepository, rows: NewNotification[]) => Promise<unknown[]>;
  readonly #announce: (written: unknown[]) => Promise<void>;

  constructor(options: {
    repo: NotificationRepository;
    write: (repo: NotificationRepository, rows: NewNotification[]) => Promise<unknown[]>;
    announce: (written: unknown[]) => Promise<void>;
  }) {
    this.#repo = options.repo;
    this.#write = options.write;
    this.#announce = options.announce;
  }

  /** Answers how many users were sent a digest. */
  async runOnce(): Promise<number> {
    const written = await this.#repo.transaction(async (repo) => {
      const items = await repo.takeDigestItems();
      const perUser = new Map<
        string,
        { matches: Set<string>; drops: number; lastSeq: number; carId: string }
      >();
      for (const item of items) {
        const entry = perUser.get(item.userId) ?? {
          matches: new Set(),
          drops: 0,
          lastSeq: 0,
          carId: item.carId,
        };
        if (item.kind === 'match') entry.matches.add(item.carId);
        else entry.drops += 1;
        if (item.seq >= entry.lastSeq) {
          entry.lastSeq = item.seq;
          entry.carId = item.carId;
        }
        perUser.set(item.userId, entry);
      }
      const rows: NewNotification[] = [...perUser].map(([userId, entry]) => {
        const parts = [
          entry.matches.size > 0
            ? `${entry.matches.size} new ${pluralWord(entry.matches.size, 'match', 'matches')}`
            : null,
          entry.drops > 0 ? `${entry.drops} ${pluralWord(entry.drops, 'price drop')}` : null,
        ].filter(Boolean);
        const single = entry.matches.size + entry.drops === 1;
        return {
          userId,
          kind: entry.matches.size > 0 ? 'saved_search_match' : 'price_drop',
          title: 'Your daily digest',
          body: `${parts.join(' and ')} for your saved searches`,
          link: single ? `/cars/${entry.carId}` : '/account',
          dedupeKey: `digest:${entry.lastSeq}`,
        };
      });
      return this.#write(repo, rows);
    });
    await this.#announce(written);
    return written.length;
  }
}
