import { z } from 'zod';
import { UnreadCountSchema } from '../messaging/index.ts';
import { MessageAnswerSchema } from '../messaging/index.ts';
import { TimestampSchema } from '../shared/index.ts';
import { NotificationStreamDataSchema } from '../notifications/index.ts';

/**
 * POST /messages/send and the stream's message event: the message, and the Idempotency-Key its sender's client sent
 * with it (null when none was sent, and on every copy but the sender's own). The sending client matches its pending
 * copy by this id, not by text, so two identical texts sent at once stay two.
 */
export const SentMessageAnswerSchema = MessageAnswerSchema.extend({ clientId: z.string().nullable() });
export type SentMessageAnswer = z.infer<typeof SentMessageAnswerSchema>;

/** A read receipt: the reader read these messages of the conversation. */
export const ReadReceiptSchema = z.object({
  conversationId: z.string(),
  messageIds: z.array(z.string()),
  readAt: TimestampSchema.nullable(),
  readerId: z.string(),
});
export type ReadReceipt = z.infer<typeof ReadReceiptSchema>;

/**
 * Every event GET /messages/stream sends, by its SSE event name: a new message (with its sender's client id on the
 * sender's own streams), a read receipt, the caller's unread total, a notification. The server encodes each by this schema and the
 * clients read each with it.
 */
export const MessageStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message'), data: SentMessageAnswerSchema }),
  z.object({ event: z.literal('read'), data: ReadReceiptSchema }),
  z.object({ event: z.literal('unread'), data: UnreadCountSchema }),
  // The caller's notifications: the unread count, and the new notification that changed it.
  z.object({ event: z.literal('notification'), data: NotificationStreamDataSchema }),
]);
export type MessageStreamEvent = z.infer<typeof MessageStreamEventSchema>;
export type MessageStreamEventName = MessageStreamEvent['event'];

/**
 * The events each event-stream route of the contract sends, by its route key (routes.ts marks the route with
 * mediaType text/event-stream): the client reads a stream by its route's union.
 */
export const streamEventSchemas = { 'GET /messages/stream': MessageStreamEventSchema } as const;
export type StreamRouteKey = keyof typeof streamEventSchemas;
export type StreamEventOf<K extends StreamRouteKey> = z.output<(typeof streamEventSchemas)[K]>;

/** The event a stream's named event and data text carry, or undefined for one its route's union does not list. */
export function readStreamEvent<K extends StreamRouteKey>(
  key: K,
  event: string,
  dataText: string,
): StreamEventOf<K> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(dataText) as unknown;
  } catch {
    return undefined;
  }
  const parsed = streamEventSchemas[key].safeParse({ event, data });
  return parsed.success ? parsed.data : undefined;
}

/** An event of GET /messages/stream, or undefined for one the contract does not list. */
export function readMessageStreamEvent(event: string, dataText: string): MessageStreamEvent | undefined {
  return readStreamEvent('GET /messages/stream', event, dataText);
}
