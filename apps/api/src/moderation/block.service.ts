import { MAX_BLOCKS, type BlockState, type BlockedList } from '@autoreel/core';
import { conflict, invalidInput, notFound } from '../errors.ts';
import type { ModerationRepository } from './moderation.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Blocks between people: a blocked person cannot message (or open a conversation with) the blocker, and the
 * conversation leaves the blocker's list until unblocked (the messaging repository reads user_blocks). The blocked
 * person is told nothing of it. Each change clears the blocker's cached conversation answers (`changed`).
 */
export class BlockService {
  readonly #repo: ModerationRepository;
  readonly #changed: (userId: string) => Promise<void>;

  constructor(repo: ModerationRepository, changed: (userId: string) => Promise<void>) {
    this.#repo = repo;
    this.#changed = changed;
  }

  async block(blockerId: string, userId: string): Promise<BlockState> {
    if (userId === blockerId) {
      throw invalidInput('You cannot block yourself', [
        { field: 'id', message: 'You cannot block yourself' },
      ]);
    }
    if (!UUID.test(userId) || !(await this.#repo.activeUserExists(userId))) throw notFound('User not found');
    if ((await this.#repo.countBlocks(blockerId)) >= MAX_BLOCKS) {
      throw conflict(`You can block at most ${MAX_BLOCKS} people. Unblock someone first.`);
    }
    await this.#repo.block(blockerId, userId);
    await this.#changed(blockerId);
    return { userId, blocked: true };
  }

  async unblock(blockerId: string, userId: string): Promise<BlockState> {
    if (UUID.test(userId)) {
      await this.#repo.unblock(blockerId, userId);
      await this.#changed(blockerId);
    }
    return { userId, blocked: false };
  }

  async list(blockerId: string): Promise<BlockedList> {
    const rows = await this.#repo.blockedBy(blockerId);
    return {
      blocked: rows.map((row) => ({ id: row.id, name: row.name, blockedAt: row.blockedAt.toISOString() })),
    };
  }
}
