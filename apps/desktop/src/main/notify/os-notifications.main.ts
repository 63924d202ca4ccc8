import { z } from 'zod';
import type { OsNotification } from '../../shared/ipc-contract.ts';

/** A notification's link is a path of the app ('/messages/…'), never an address elsewhere ('//host', 'https:'). */
export const OsNotificationSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1_000),
  link: z
    .string()
    .max(2_000)
    .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path of the app'),
});

/** What main needs of Electron's Notification: made, shown, and told when it is clicked or closed. */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}

export interface OsNotificationPlatform {
  /** Whether the OS shows notifications at all (Electron's Notification.isSupported()). */
  supported(): boolean;
  create(options: { title: string; body: string }): NotificationLike;
  /** app.setBadgeCount: the dock (macOS) or taskbar and launcher (Windows, Linux Unity) badge. */
  setBadgeCount(count: number): boolean;
  /** Brings the console's window forward (restored when minimised). */
  focusWindow(): void;
}

/**
 * The console's OS notifications and badge. Each shown notification is held until it is clicked or closed, since
 * Electron forgets the click of a notification nothing refers to any more.
 */
export class OsNotifications {
  readonly #platform: OsNotificationPlatform;
  readonly #shown = new Set<NotificationLike>();

  constructor(platform: OsNotificationPlatform) {
    this.#platform = platform;
  }

  /** Shows one; a click focuses the window and hands its link to `open`. */
  show(notification: OsNotification, open: (link: string) => void): boolean {
    if (!this.#platform.supported()) return false;
    const shown = this.#platform.create({ title: notification.title, body: notification.body });
    this.#shown.add(shown);
    shown.on('click', () => {
      this.#shown.delete(shown);
      this.#platform.focusWindow();
      open(notification.link);
    });
    shown.on('close', () => this.#shown.delete(shown));
    shown.show();
    return true;
  }

  setBadge(count: number): void {
    this.#platform.setBadgeCount(Math.max(0, Math.floor(count)));
  }

  /** How many are on screen and still answer a click. */
  get pending(): number {
    return this.#shown.size;
  }
}
