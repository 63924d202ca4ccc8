import { notFound } from '../errors.ts';
import type { AccountStatusRepository } from './account-status.repository.ts';
import type { SessionService } from './session.service.ts';

/**
 * Suspends and restores accounts: what an admin action calls. A suspended account cannot sign in or refresh, its
 * access tokens are refused from the next request on (SignedInCheck reads suspended_at), its sessions are ended,
 * and its listings leave every public answer: the car queries and the catalogue index leave out suspended sellers'
 * cars, a trigger on suspended_at raises the catalogue version, and the public answer caches are cleared here.
 */
export class AccountSuspensionService {
  readonly #status: AccountStatusRepository;
  readonly #sessions: SessionService;
  readonly #carsChanged: () => void;
  readonly #now: () => Date;

  constructor(options: {
    status: AccountStatusRepository;
    sessions: SessionService;
    carsChanged: () => void;
    now: () => Date;
  }) {
    this.#status = options.status;
    this.#sessions = options.sessions;
    this.#carsChanged = options.carsChanged;
    this.#now = options.now;
  }

  async suspend(userId: string): Promise<void> {
    if (!(await this.#status.setSuspended(userId, this.#now()))) throw notFound('User not found');
    await this.#sessions.endAllSessions(userId);
    this.#carsChanged();
  }

  /** Lifts a suspension: the listings come back as they were; the owner signs in again. */
  async restore(userId: string): Promise<void> {
    if (!(await this.#status.setSuspended(userId, null))) throw notFound('User not found');
    this.#carsChanged();
  }
}
