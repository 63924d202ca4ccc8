import type { AccountStatusRepository } from './account-status.repository.ts';
import { InvalidAccessTokenError, type AccessTokenService, type AuthUser } from './access-token.service.ts';

/**
 * A signed access token proves who was signed in when it was issued, not that the account still stands: a deleted
 * or suspended account, or a sign-in ended by logout, has tokens valid for up to 15 minutes. Each is checked here,
 * so such a token is refused like an expired one (401, then the client's refresh fails and it signs out).
 */
export class SignedInCheck {
  readonly #tokens: AccessTokenService;
  readonly #accounts: AccountStatusRepository;

  constructor(tokens: AccessTokenService, accounts: AccountStatusRepository) {
    this.#tokens = tokens;
    this.#accounts = accounts;
  }

  /** The caller of a bearer token; InvalidAccessTokenError when the token or its account no longer holds. */
  async authenticate(token: string): Promise<AuthUser> {
    const user = await this.#tokens.verify(token);
    if (!(await this.#accounts.isActive(user.id, user.sessionId))) {
      throw new InvalidAccessTokenError('account or session no longer active');
    }
    return user;
  }
}
