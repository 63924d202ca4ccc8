import type { AccountCountryBody, ProfileUpdateBody } from '@autoreel/core';
import { unauthenticated, INVALID_TOKEN_MESSAGE } from '../errors.ts';
import type { AccountRepository } from './account.repository.ts';
import type { UserRepository } from './user.repository.ts';
import type { AuthUser } from './access-token.service.ts';
import { presentUser, type UserDto } from './user.presenter.ts';

/**
 * What a signed-in user may change about their own account. Every method acts on the caller's id from the
 * access token, never on an id from the request, so nobody can edit someone else's account.
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
    if (!row) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    return { user: presentUser(row, await this.#users.findDealerId(row.id)) };
  }

  async setCountry(caller: AuthUser, body: AccountCountryBody): Promise<{ countryCode: string | null }> {
    const countryCode = await this.#accounts.setCountry(caller.id, body.countryCode, this.#now());
    if (countryCode === undefined) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    return { countryCode };
  }
}
