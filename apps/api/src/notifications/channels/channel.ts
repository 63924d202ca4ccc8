import type { NotificationKindName } from '@autoreel/core';

export type NotificationKind = NotificationKindName;
/** What a channel beyond the open tab is handed: one notification, already stored and shown in the app. */
export interface OutgoingNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
}
export type DeliveryOutcome =
  { outcome: 'sent' } | { outcome: 'skipped'; reason: string } | { outcome: 'deferred'; until: Date };
/** A channel decides itself whether this user wants this kind now (settings, quiet hours, throttles); it throws to ask for a retry. */
export interface NotificationChannel {
  readonly name: 'push' | 'whatsapp';
  deliver(notification: OutgoingNotification): Promise<DeliveryOutcome>;
}
