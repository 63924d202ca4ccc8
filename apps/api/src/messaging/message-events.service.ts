import type { MessageStreamEvent, MessageStreamEventName } from '@autoreel/core';
import type { DatabaseHandle } from '../db/client.ts';

/** The Postgres channel every API process listens on. */
export const MESSAGE_CHANNEL = 'autoreel_messages';
export const DEFAULT_HEARTBEAT_MS = 15_000;
/**
 * Live streams one user may hold in one process; opening another closes their oldest (docs/messaging.md, 'Live
 * events'). Counted per process on purpose: a stream costs a socket and timers of the process that holds it, so
 * that is where the bound is needed, and a deployment of N processes holds at most N times this per user.
 */
export const MAX_STREAMS_PER_USER = 5;

export type StreamEventName = MessageStreamEventName;
/** A change that streams do not carry but that changes what the users' conversation answers show (a car context). */
export type ConversationChangeName = 'conversation';

/**
 * What travels through NOTIFY: who it concerns and what to load, never the content itself, so it stays far
 * below Postgres's 8000-byte payload limit and no message text passes through the notification queue.
 */
export interface MessageNotification {
  event: StreamEventName | ConversationChangeName;
  userIds: string[];
  /** The message id of a `message` event. */
  id?: string;
  /** A `message` event's Idempotency-Key from the sender's client, echoed to the sender's streams as `clientId`. */
  clientId?: string;
  /** Read receipts: the conversation, the messages read, when and by whom. */
  conversationId?: string;
  messageIds?: string[];
  readAt?: string;
  readerId?: string;
}

/** A notification that streams carry to their users. */
export type StreamNotification = MessageNotification & { event: StreamEventName };

function isStreamNotification(notification: MessageNotification): notification is StreamNotification {
  return notification.event !== 'conversation';
}

/** One event a stream sends: the wire contract's union (@autoreel/core MessageStreamEvent). */
export type StreamEvent = MessageStreamEvent;

/** One open stream of one user (an EventSource in a browser tab). */
export interface StreamSubscriber {
  send(event: StreamEvent): void;
  /** A comment line; keeps proxies from closing an idle stream. */
  heartbeat(): void;
  end(): void;
}

/** Turns a notification into the events to push to the users that have a stream open in this process. */
export type NotificationResolver = (
  notification: StreamNotification,
  localUserIds: string[],
) => Promise<{ userId: string; event: StreamEvent }[]>;

interface Registration {
  subscriber: StreamSubscriber;
  timer: NodeJS.Timeout;
}

/**
 * Live delivery for every API process sharing a database: writers NOTIFY a small payload on one channel, each
 * process LISTENs once, loads what the payload names for the users it holds streams for, and pushes it to them.
 * Nothing is queued for a user who is not connected: the REST calls are the source of truth and a client that
 * reconnects reloads its conversations and unread count.
 */
export class MessageEventHub {
  /** Interval of the heartbeat comment; tests shorten it. */
  heartbeatIntervalMs = DEFAULT_HEARTBEAT_MS;
  readonly #database: DatabaseHandle;
  readonly #onError: (error: unknown) => void;
  readonly #streams = new Map<string, Set<Registration>>();
  #resolver: NotificationResolver | null = null;
  #listening: Promise<() => Promise<void>> | null = null;
  /** Told which users a notification concerns, whichever process published it (see onUsersChanged). */
  readonly #usersChangedListeners: ((userIds: string[]) => void)[] = [];
  /** Notifications are handled one after another so that a user sees events in the order they were sent. */
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(database: DatabaseHandle, onError: (error: unknown) => void = () => undefined) {
    this.#database = database;
    this.#onError = onError;
  }

  /**
   * Set once by the composition root (context.ts) to the messaging service's streamEvents, which loads messages and
   * counts: the service calls the hub, and the hub is given its resolver, so neither registers itself in the other.
   */
  setResolver(resolver: NotificationResolver): void {
    this.#resolver = resolver;
  }

  /**
   * Registers a listener told, synchronously, of the users every notification concerns: before this process sends
   * its own (so its next answer to them is fresh) and when any process's arrives. Caches of per-user answers use it.
   */
  onUsersChanged(listener: (userIds: string[]) => void): void {
    this.#usersChangedListeners.push(listener);
  }

  /** Listens from the start (not only once a stream opens), so other processes' notifications always arrive. */
  async start(): Promise<void> {
    await this.#listen();
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.#streams.values()) total += set.size;
    return total;
  }

  /** Registers a stream; resolves once this process listens, so no event sent afterwards is missed. */
  async subscribe(userId: string, subscriber: StreamSubscriber): Promise<() => void> {
    if (this.#closed) throw new Error('message streams are closed');
    const registration: Registration = {
      subscriber,
      timer: setInterval(() => subscriber.heartbeat(), this.heartbeatIntervalMs),
    };
    registration.timer.unref();
    let set = this.#streams.get(userId);
    if (!set) {
      set = new Set();
      this.#streams.set(userId, set);
    }
    set.add(registration);
    // The newest tab is the one being looked at: the oldest stream gives way (its client may reconnect).
    for (const oldest of set) {
      if (set.size <= MAX_STREAMS_PER_USER) break;
      set.delete(oldest);
      clearInterval(oldest.timer);
      oldest.subscriber.end();
    }
    await this.#listen();
    return () => {
      clearInterval(registration.timer);
      const current = this.#streams.get(userId);
      current?.delete(registration);
      if (current?.size === 0) this.#streams.delete(userId);
    };
  }

  /**
   * Tells every process, in one statement however many notifications (they arrive in the order given). A failed
   * NOTIFY only costs live delivery, so it is reported and not thrown.
   */
  async publish(...notifications: MessageNotification[]): Promise<void> {
    this.sent(...notifications);
    try {
      await this.#database.notify(MESSAGE_CHANNEL, ...this.payloadsOf(...notifications).payloads);
    } catch (error) {
      this.#onError(error);
    }
  }

  /**
   * For a write that sends its notifications itself, in its own statement (so they go out with its commit and
   * cost no statement of their own): the channel and payloads to send. Once it is done, `sent` tells this process.
   */
  payloadsOf(...notifications: MessageNotification[]): { channel: string; payloads: string[] } {
    return { channel: MESSAGE_CHANNEL, payloads: notifications.map((n) => JSON.stringify(n)) };
  }

  /** Tells this process's listeners at once of notifications a write sent itself (see payloadsOf). */
  sent(...notifications: MessageNotification[]): void {
    for (const notification of notifications) this.#tellUsersChanged(notification);
  }

  /** Ends every open stream and stops listening; called before the server closes so that close never waits. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const set of this.#streams.values()) {
      for (const registration of set) {
        clearInterval(registration.timer);
        registration.subscriber.end();
      }
    }
    this.#streams.clear();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) {
      try {
        const unlisten = await listening;
        await unlisten();
      } catch (error) {
        this.#onError(error);
      }
    }
    await this.#queue;
  }

  #listen(): Promise<() => Promise<void>> {
    if (!this.#listening) {
      const listening = this.#database.listen(MESSAGE_CHANNEL, (payload) => {
        const notification = parseNotification(payload);
        if (!notification) return;
        this.#tellUsersChanged(notification);
        if (!isStreamNotification(notification)) return;
        this.#queue = this.#queue
          .then(() => this.#handle(notification))
          .catch((error: unknown) => this.#onError(error));
      });
      this.#listening = listening;
      // A failed LISTEN (database briefly away) is tried again by the next stream instead of failing them all.
      listening.catch(() => {
        if (this.#listening === listening) this.#listening = null;
      });
    }
    return this.#listening;
  }

  #tellUsersChanged(notification: MessageNotification): void {
    const userIds = notification.readerId
      ? [...notification.userIds, notification.readerId]
      : notification.userIds;
    for (const listener of this.#usersChangedListeners) {
      try {
        listener(userIds);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  async #handle(notification: StreamNotification): Promise<void> {
    if (this.#closed || !this.#resolver) return;
    const local = notification.userIds.filter((id) => this.#streams.has(id));
    if (local.length === 0) return;
    const deliveries = await this.#resolver(notification, local);
    for (const { userId, event } of deliveries) {
      for (const registration of this.#streams.get(userId) ?? []) {
        try {
          registration.subscriber.send(event);
        } catch (error) {
          this.#onError(error);
        }
      }
    }
  }
}

function parseNotification(payload: string): MessageNotification | null {
  try {
    const notification = JSON.parse(payload) as MessageNotification;
    return Array.isArray(notification.userIds) ? notification : null;
  } catch {
    return null;
  }
}
