import type { Database } from '../db/client.ts';
import type { NotificationKind } from './channels/channel.ts';

/** A notification to write: `dedupeKey` names what it is about, so writing it twice writes it once per user. */
export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
}

/**
 * How another feature tells a user something (NotificationService.notify, handed over by context.ts). It never
 * throws into the caller's work: a failure is logged, and the caller's write stands.
 */
export type Notify = (...rows: NewNotification[]) => Promise<void>;

/**
 * Writes notifications inside the caller's transaction, so they land with the write they tell of or not at all (a
 * failed write fails the caller's too); resolves the announcement to run after its commit.
 */
export type NotifyWithin = (db: Database, ...rows: NewNotification[]) => Promise<() => Promise<void>>;
