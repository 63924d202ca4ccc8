import type { Notify } from '../notifications/notify.ts';
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
  readonly #notify: Notify;

  constructor(options: {
    status: AccountStatusRepository;
    sessions: SessionService;
    carsChanged: () => void;
    now: () => Date;
    /** Tells the owner that their listings were hidden or restored by moderation. */
    notify?: Notify;
  }) {
    this.#notify = options.notify ?? (async () => undefined);
    this.#status = options.status;
    this.#sessions = options.sessions;
    this.#carsChanged = options.carsChanged;
    this.#now = options.now;
  }

  async suspend(userId: string): Promise<void> {
    if (!(await this.#status.setSuspended(userId, this.#now()))) throw notFound('User not found');
    await this.#sessions.endAllSessions(userId);
    this.#carsChanged();
    await this.#moderated(userId, 'hidden');
  }

  /** Lifts a suspension: the listings come back as they were; the owner signs in again. */
  async restore(userId: string): Promise<void> {
    if (!(await this.#status.setSuspended(userId, null))) throw notFound('User not found');
    this.#carsChanged();
    await this.#moderated(userId, 'restored');
  }

  /** The owner reads it on their next sign-in (a suspended account's sessions have ended). */
  async #moderated(userId: string, change: 'hidden' | 'restored'): Promise<void> {
    await this.#notify({
      userId,
      kind: 'listing_moderated',
      title: change === 'hidden' ? 'Your listings were hidden' : 'Your listings are shown again',
      body:
        change === 'hidden'
          ? 'Moderation suspended your account, so buyers no longer see your listings.'
          : 'Moderation restored your account; your listings are back in search and the feed.',
      link: '/dealer',
      dedupeKey: `moderated:${change}:${this.#now().toISOString()}`,
    });
  }
}
