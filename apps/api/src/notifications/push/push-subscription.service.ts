import type { PushSubscriptionBody } from '@autoreel/core';
import type { AuthUser } from '../../accounts/access-token.service.ts';
import { invalidInput } from '../../errors.ts';
import type { PushSubscriptionRepository } from './push-subscription.repository.ts';

/** Devices per account; a new one beyond it replaces the oldest, which has most likely gone. */
export const PUSH_DEVICES_PER_ACCOUNT = 10;

/**
 * Whether an endpoint's host is one of the push services the server posts to. Endpoints come from browsers, so
 * without this list an account could make the server post to any address it names (an internal one among them).
 */
export function isPushServiceHost(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) =>
    allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed,
  );
}

/** The signed-in account's devices that receive push. */
export class PushSubscriptionService {
  readonly #repo: PushSubscriptionRepository;
  readonly #options: { publicKey: string | null; endpointHosts: readonly string[] };

  constructor(
    repo: PushSubscriptionRepository,
    options: { publicKey: string | null; endpointHosts: readonly string[] },
  ) {
    this.#repo = repo;
    this.#options = options;
  }

  publicKey(): { publicKey: string | null } {
    return { publicKey: this.#options.publicKey };
  }

  async subscribe(user: AuthUser, body: PushSubscriptionBody): Promise<{ subscribed: boolean }> {
    if (!this.#options.publicKey) throw invalidInput('Push notifications are not set up on this server');
    if (!isPushServiceHost(body.endpoint, this.#options.endpointHosts)) {
      throw invalidInput('Not a known push service', [
        { field: 'endpoint', message: 'Not a known push service' },
      ]);
    }
    if ((await this.#repo.countOf(user.id)) >= PUSH_DEVICES_PER_ACCOUNT) {
      await this.#repo.removeOldestOf(user.id);
    }
    await this.#repo.save(user.id, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    return { subscribed: true };
  }

  async unsubscribe(user: AuthUser, endpoint: string): Promise<{ subscribed: boolean }> {
    await this.#repo.removeOwn(user.id, endpoint);
    return { subscribed: false };
  }
}
