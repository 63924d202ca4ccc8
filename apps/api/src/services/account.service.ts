import {
  ACCOUNT_DELETION_MESSAGES,
  type AccountDeletionRequest,
  type ProfileUpdateBody,
} from '@autoreel/core';
import { conflict, unauthorized } from '../errors.ts';
import { INVALID_TOKEN_MESSAGE } from '../plugins/auth.ts';
import type { AccountRepository } from '../repositories/account.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { AuthUser } from './access-token.service.ts';
import { presentUser, type UserDto } from './user-presenter.ts';

/**
 * What a signed-in user may change about their own account. Every method acts on the caller's id from the
 * access token, never on an id from the request, so nobody can edit or delete someone else's account.
 */
export class AccountService {
  readonly #accounts: AccountRepository;
  readonly #users: UserRepository;
  readonly #now: () => Date;

  constructor(options: { accounts: AccountRepository; users: UserRepository; now: () => Date }) {
    this.#accounts = options.accounts;
    this.#users = options.users;
    this.#now = options.now;
  }

  async updateProfile(caller: AuthUser, body: ProfileUpdateBody): Promise<{ user: UserDto }> {
    const row = await this.#accounts.updateProfile(caller.id, body, this.#now());
    if (!row) throw unauthorized(INVALID_TOKEN_MESSAGE);
    return { user: presentUser(row, await this.#users.findDealerId(row.id)) };
  }

  /** Whether a deletion request is pending, so the settings screen can say so after a reload. */
  async deletionStatus(caller: AuthUser): Promise<{ requestedAt: string | null }> {
    const row = await this.#users.findById(caller.id);
    if (!row) throw unauthorized(INVALID_TOKEN_MESSAGE);
    return { requestedAt: row.deletionRequestedAt?.toISOString() ?? null };
  }

  /** SPEC 9: the account is deleted within 30 days; a second request while one is pending is refused with 409. */
  async requestDeletion(caller: AuthUser): Promise<AccountDeletionRequest> {
    const recorded = await this.#accounts.recordDeletionRequest(caller.id, this.#now());
    if (recorded?.deletionRequestedAt) {
      return {
        requestedAt: recorded.deletionRequestedAt.toISOString(),
        message: ACCOUNT_DELETION_MESSAGES.recorded,
      };
    }
    const existing = await this.#users.findById(caller.id);
    if (!existing) throw unauthorized(INVALID_TOKEN_MESSAGE);
    throw conflict(ACCOUNT_DELETION_MESSAGES.pending);
  }
}
