import { ACCOUNT_DELETION_DAYS } from '@autoreel/core';
import { AppError, rateLimited, unauthenticated, INVALID_TOKEN_MESSAGE } from '../errors.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';
import type { UserRepository } from './user.repository.ts';
import type { AuthUser } from './access-token.service.ts';
import type { MessageEventHub } from '../messaging/message-events.service.ts';
import { verifyPassword } from './password.service.ts';
import type { RateLimit } from '../shared/rate-limits.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Personal data of a closed account is erased this long after it was closed: long enough for reports about it to be
 * looked into, and (with an hourly job) well within the 30 days the FAQ promises.
 */
export const ERASE_AFTER_MS = 7 * DAY_MS;

export const ACCOUNT_DELETION_ERRORS = {
  wrongPassword: 'The password is not correct',
  tooManyAttempts: 'Too many wrong passwords. Try again later.',
} as const;

/** Wrong passwords a token may try before it must wait: the same guess rate a signed-out attacker gets. */
export const WRONG_DELETION_PASSWORDS = { points: 5, durationSeconds: 15 * 60 } as const;

export interface AccountDeletionDeps {
  repo: AccountDeletionRepository;
  users: UserRepository;
  events: MessageEventHub;
  /** Wrong passwords per account (WRONG_DELETION_PASSWORDS), counted across processes. */
  wrongPasswords: RateLimit;
  /** Removes stored files and their rows (MediaService.deleteMediaKeys). */
  removeMedia: (keys: readonly string[]) => Promise<void>;
  /** Cached public answers (car lists, dealer pages) forget the removed listings. */
  carsChanged: () => void;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * DELETE /account: the password proves it is the owner (a stolen access token alone cannot delete an account);
 * then the account is closed at once and erased later by AccountErasureJob.
 */
export class AccountDeletionService {
  readonly #deps: AccountDeletionDeps;

  constructor(deps: AccountDeletionDeps) {
    this.#deps = deps;
  }

  async delete(caller: AuthUser, password: string): Promise<{ deleted: true; erasedBy: string }> {
    const { repo, users, now } = this.#deps;
    const user = await users.findById(caller.id);
    if (!user || user.deletionRequestedAt) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    if (!(await verifyPassword(user.passwordHash, password).catch(() => false))) {
      const hit = await this.#deps.wrongPasswords.hit(caller.id);
      if (!hit.allowed) throw rateLimited(ACCOUNT_DELETION_ERRORS.tooManyAttempts, hit.retryAfterSeconds);
      throw new AppError('forbidden', ACCOUNT_DELETION_ERRORS.wrongPassword, {
        errors: [{ field: 'password', message: ACCOUNT_DELETION_ERRORS.wrongPassword }],
      });
    }
    const at = now();
    const closed = await repo.close(caller.id, at);
    if (!closed) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    if (closed.removedCars > 0) this.#deps.carsChanged();
    // The other side's conversation list and unread badge drop the removed conversations now.
    if (closed.otherParticipants.length > 0) {
      await this.#deps.events.publish(
        { event: 'conversation', userIds: closed.otherParticipants },
        { event: 'unread', userIds: closed.otherParticipants },
      );
    }
    // Files go after the commit; one that cannot be removed now is reported, and its row stays to be retried.
    await this.#deps.removeMedia(closed.mediaKeys).catch((error: unknown) => this.#deps.onError?.(error));
    const erasedBy = new Date(
      at.getTime() + Math.min(ERASE_AFTER_MS + DAY_MS, ACCOUNT_DELETION_DAYS * DAY_MS),
    );
    return { deleted: true, erasedBy: erasedBy.toISOString() };
  }
}
