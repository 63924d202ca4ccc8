import {
  defaultNotificationSettings,
  NotificationSettingsSchema,
  quietHoursEnd,
  type NotificationSettingKind,
  type NotificationSettings,
} from '@autoreel/core';
import type { AuthUser } from '../../accounts/access-token.service.ts';
import type { NotificationSettingsRepository } from './notification-settings.repository.ts';

/** How long without the app open makes a person away (SPEC: a seller away for more than 15 minutes). */
export const AWAY_AFTER_MS = 15 * 60_000;

/** What a channel asks before it sends: is this channel on for this kind, and is it quiet now. */
export type ChannelDecision = { send: true } | { send: false; reason: string } | { deferUntil: Date };

/**
 * The signed-in account's own notification settings (no user id in the path: each acts on the caller), and the
 * questions the channels ask of them.
 */
export class NotificationSettingsService {
  readonly #repo: NotificationSettingsRepository;
  readonly #now: () => Date;

  constructor(repo: NotificationSettingsRepository, now: () => Date) {
    this.#repo = repo;
    this.#now = now;
  }

  get(user: AuthUser): Promise<NotificationSettings> {
    return this.of(user.id);
  }

  async update(user: AuthUser, settings: NotificationSettings): Promise<NotificationSettings> {
    await this.#repo.save(
      user.id,
      {
        channels: settings.channels,
        quietStart: settings.quietHours?.start ?? null,
        quietEnd: settings.quietHours?.end ?? null,
        timeZone: settings.timeZone,
      },
      this.#now(),
    );
    return this.of(user.id);
  }

  /** Settings as stored, or the defaults; a stored set that no longer reads (a kind added since) is completed. */
  async of(userId: string): Promise<NotificationSettings> {
    const row = await this.#repo.find(userId);
    const defaults = defaultNotificationSettings();
    if (!row) return defaults;
    const parsed = NotificationSettingsSchema.safeParse({
      channels: { ...defaults.channels, ...row.channels },
      quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
      timeZone: row.timeZone,
    });
    return parsed.success ? parsed.data : defaults;
  }

  /** Whether `channel` should carry a notification of `kind` to `userId` now, later, or not at all. */
  async decide(
    userId: string,
    kind: NotificationSettingKind,
    channel: 'push' | 'whatsapp',
  ): Promise<ChannelDecision> {
    const settings = await this.of(userId);
    if (!settings.channels[kind][channel]) return { send: false, reason: `${channel} is off for ${kind}` };
    const until = quietHoursEnd(this.#now(), settings.quietHours, settings.timeZone);
    return until ? { deferUntil: until } : { send: true };
  }

  /** Called while a person has the app open (its live stream), and when the stream closes. */
  seen(userId: string): Promise<void> {
    return this.#repo.markSeen(userId, this.#now());
  }

  /** No live stream for more than AWAY_AFTER_MS (a stream refreshes its time every minute). */
  async isAway(userId: string): Promise<boolean> {
    const last = await this.#repo.lastSeen(userId);
    return last === null || this.#now().getTime() - last.getTime() > AWAY_AFTER_MS;
  }
}
