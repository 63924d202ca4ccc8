import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { NotificationChannel, OutgoingNotification, DeliveryOutcome } from '../channels/channel.ts';
import type { NotificationSettingsService } from '../settings/notification-settings.service.ts';
import type { PushSubscriptionRepository } from './push-subscription.repository.ts';

/** What the service worker reads from a push message (apps/storefront/public/sw.js). */
export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
}

export interface WebPushChannelOptions {
  subscriptions: PushSubscriptionRepository;
  settings: NotificationSettingsService;
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** How long a push service keeps a message for a device that is off (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** Only for a push service whose certificate the machine does not trust (tests). */
  agent?: Agent;
}

/** A push message carries at most 4 kB; the text is cut well before, the app shows it whole. */
const MAX_TEXT = 600;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291), through the `web-push` library:
 * one message to each of the person's devices. A device whose push service answers 404 or 410 has unsubscribed
 * and is removed; any other failure on every device asks the queue for a retry.
 */
export class WebPushChannel implements NotificationChannel {
  readonly name = 'push' as const;
  readonly #options: WebPushChannelOptions;

  constructor(options: WebPushChannelOptions) {
    this.#options = options;
  }

  async deliver(notification: OutgoingNotification): Promise<DeliveryOutcome> {
    const { subscriptions, settings, vapid } = this.#options;
    const decision = await settings.decide(notification.userId, notification.kind, 'push');
    if ('deferUntil' in decision) return { outcome: 'deferred', until: decision.deferUntil };
    if (!decision.send) return { outcome: 'skipped', reason: decision.reason };
    const devices = await subscriptions.listOf(notification.userId);
    if (devices.length === 0) return { outcome: 'skipped', reason: 'no device subscribed' };

    const payload: PushPayload = {
      id: notification.id,
      kind: notification.kind,
      title: notification.title.slice(0, MAX_TEXT),
      body: notification.body.slice(0, MAX_TEXT),
      link: notification.link,
    };
    const text = JSON.stringify(payload);
    let sent = 0;
    let gone = 0;
    let lastError: unknown;
    for (const device of devices) {
      try {
        await webPush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          text,
          {
            vapidDetails: vapid,
            TTL: this.#options.ttlSeconds ?? 24 * 60 * 60,
            urgency: notification.kind === 'message' ? 'high' : 'normal',
            topic: undefined,
            contentEncoding: 'aes128gcm',
            timeout: this.#options.timeoutMs ?? 10_000,
            ...(this.#options.agent ? { agent: this.#options.agent } : {}),
          },
        );
        sent += 1;
      } catch (error) {
        const status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
        if (status === 404 || status === 410) {
          await subscriptions.removeById(device.id);
          gone += 1;
        } else {
          lastError = error;
        }
      }
    }
    if (sent > 0) return { outcome: 'sent' };
    if (lastError !== undefined) {
      // The endpoint is the device's address at its push service: kept out of the error, which may be logged.
      const status = lastError instanceof webPush.WebPushError ? lastError.statusCode : 'unreachable';
      throw new Error(`push service answered ${status}`);
    }
    return { outcome: 'skipped', reason: `${gone} device(s) unsubscribed` };
  }
}
