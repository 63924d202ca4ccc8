import {
  notificationExcerpt,
  type NotificationStreamData,
  type NotificationsPage,
  type NotificationsQuery,
  type NotificationsRead,
} from '@autoreel/core';
import { isUuid } from '../cars/car-cursor.ts';
import type { Database } from '../db/client.ts';
import { notFound } from '../errors.ts';
import type { MessageNotification } from '../messaging/message-events.service.ts';
import type { NotificationChannel } from './channels/channel.ts';
import { presentNotification } from './notification.presenter.ts';
import type { NewNotification, NotificationRow, NotificationRepository } from './notification.repository.ts';

/** Users per NOTIFY payload: far below Postgres's 8000-byte limit with 36-character ids. */
const USERS_PER_EVENT = 150;

export interface NotificationServiceOptions {
  repo: NotificationRepository;
  /** The channels beyond the open tab; each created notification gets one delivery per channel. */
  channels: readonly NotificationChannel[];
  /** Tells the users' open streams (the live event hub's publish). */
  publish: (...notifications: MessageNotification[]) => Promise<void>;
  /** Wakes the outbox's workers once deliveries were written. */
  deliveriesWritten: () => Promise<void>;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * The in-app notifications: writes them (once per user and dedupe key, with their outbox rows in the same
 * transaction), lists and marks them, and tells open streams of the new unread count. Every source (messages,
 * comments, dealer applications, moderation, the change log) comes through notify() or write().
 */
export class NotificationService {
  readonly #repo: NotificationRepository;
  readonly #channels: readonly string[];
  readonly #publish: NotificationServiceOptions['publish'];
  readonly #deliveriesWritten: () => Promise<void>;
  readonly #now: () => Date;
  readonly #onError: (error: unknown) => void;

  constructor(options: NotificationServiceOptions) {
    this.#repo = options.repo;
    this.#channels = options.channels.map((channel) => channel.name);
    this.#publish = options.publish;
    this.#deliveriesWritten = options.deliveriesWritten;
    this.#now = options.now;
    this.#onError = options.onError ?? ((error) => console.error('notifications:', error));
  }

  /** Texts are cut and cleared of phone numbers here, whatever the source wrote. */
  #clean(rows: readonly NewNotification[]): NewNotification[] {
    return rows.map((row) => ({
      ...row,
      title: notificationExcerpt(row.title, 120),
      body: notificationExcerpt(row.body, 280),
    }));
  }

  /** Writes notifications inside the caller's transaction (the change log reader's); announce() them after it. */
  async write(repo: NotificationRepository, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return repo.insert(this.#clean(rows), this.#channels);
  }

  /**
   * Writes notifications in the caller's transaction: they commit with its write or roll back with it, a failure
   * included. The returned announce() runs after its commit and only reports its own failures.
   */
  async notifyWithin(db: Database, rows: readonly NewNotification[]): Promise<() => Promise<void>> {
    const written = await this.write(this.#repo.in(db), rows);
    return () => this.announce(written).catch(this.#onError);
  }

  /** Writes and announces notifications in one go. A failure is reported, never thrown into the source's work. */
  async notify(...rows: NewNotification[]): Promise<void> {
    try {
      const written = await this.#repo.transaction((repo) => this.write(repo, rows));
      await this.announce(written);
    } catch (error) {
      this.#onError(error);
    }
  }

  /** After the write's commit: the users' streams learn their new unread count, and the outbox's workers wake. */
  async announce(written: readonly NotificationRow[]): Promise<void> {
    if (written.length === 0) return;
    const userIds = [...new Set(written.map((row) => row.userId))];
    const events: MessageNotification[] = [];
    for (let i = 0; i < userIds.length; i += USERS_PER_EVENT) {
      events.push({ event: 'notification', userIds: userIds.slice(i, i + USERS_PER_EVENT) });
    }
    await this.#publish(...events);
    if (this.#channels.length > 0) await this.#deliveriesWritten().catch(this.#onError);
  }

  async list(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
    const { rows, total } = await this.#repo.page(userId, query.page, query.limit);
    return {
      notifications: rows.map(presentNotification),
      page: query.page,
      limit: query.limit,
      total,
      unreadCount: await this.#repo.unreadCount(userId),
    };
  }

  async markRead(userId: string, id: string): Promise<NotificationsRead> {
    // Another user's notification is answered as missing, the same as one that does not exist.
    if (!isUuid(id) || !(await this.#repo.markRead(userId, id, this.#now())))
      throw notFound('Notification not found');
    await this.#changed(userId);
    return { unreadCount: await this.#repo.unreadCount(userId) };
  }

  async markAllRead(userId: string): Promise<NotificationsRead> {
    await this.#repo.markAllRead(userId, this.#now());
    await this.#changed(userId);
    return { unreadCount: 0 };
  }

  /** The user's other tabs and devices update their bell. */
  async #changed(userId: string): Promise<void> {
    await this.#publish({ event: 'notification', userIds: [userId] });
  }

  /** What a user's stream is sent for a notification event: the unread count and the newest unread one. */
  async streamData(userId: string): Promise<NotificationStreamData> {
    const newest = await this.#repo.newestUnread(userId);
    return {
      unreadCount: await this.#repo.unreadCount(userId),
      notification: newest ? presentNotification(newest) : null,
    };
  }
}
