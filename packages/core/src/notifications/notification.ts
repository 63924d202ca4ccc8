import { z } from 'zod';
import { EntityIdSchema, pageQuerySchema, TimestampSchema } from '../shared/index.ts';

/** What a notification is about; each opens its own place in the app (its link). */
export const NOTIFICATION_KINDS = [
  'message',
  'comment_reply',
  'application_decided',
  'saved_search_match',
  'price_drop',
  'listing_moderated',
  'report_outcome',
  'content_removed',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKindName = z.infer<typeof NotificationKindSchema>;

/** The page size of GET /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * One in-app notification. `link` is an app path ('/cars/{id}', '/messages?conversation={id}', '/saved-searches')
 * the client opens; the text never carries another user's phone number.
 */
export const NotificationSchema = z.object({
  id: EntityIdSchema,
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  readAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});
export type NotificationAnswer = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = pageQuerySchema(NOTIFICATIONS_PAGE_SIZE);
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/** GET /notifications: one page, newest first, and the caller's unread count. */
export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** PUT /notifications/{id}/read and PUT /notifications/read-all: the caller's unread count afterwards. */
export const NotificationsReadSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;

/** The stream's notification event: the caller's unread count, and the notification that changed it (if new). */
export const NotificationStreamDataSchema = z.object({
  unreadCount: z.number().int().nonnegative(),
  notification: NotificationSchema.nullable(),
});
export type NotificationStreamData = z.infer<typeof NotificationStreamDataSchema>;

/** A phone number written inside free text (an international or a local one of 7 digits or more). */
const PHONE_IN_TEXT = /\+?\d[\d\s().-]{6,}\d/g;

/** Notification text carries no phone number: one a user typed in a message or a comment is masked. */
export function withoutPhoneNumbers(text: string): string {
  return text.replace(PHONE_IN_TEXT, (match) =>
    match.replace(/\D/g, '').length >= 7 ? '[number hidden]' : match,
  );
}

/** A notification's body cut to what a list row and a push show. */
export function notificationExcerpt(text: string, max = 140): string {
  const clean = withoutPhoneNumbers(text.replace(/\s+/g, ' ').trim());
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
