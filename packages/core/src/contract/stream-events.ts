import { z } from 'zod';
import { UnreadCountSchema } from '../messaging/index.ts';
import { MessageAnswerSchema } from '../messaging/index.ts';
import { TimestampSchema } from '../shared/index.ts';

/** A read receipt: the reader read these messages of the conversation. */
export const ReadReceiptSchema = z.object({
  conversationId: z.string(),
  messageIds: z.array(z.string()),
  readAt: TimestampSchema.nullable(),
  readerId: z.string(),
});
export type ReadReceipt = z.infer<typeof ReadReceiptSchema>;

/**
 * Every event GET /messages/stream sends, by its SSE event name: a new message, a read receipt, the caller's
 * unread total. The server encodes each by this schema and the clients read each with it.
 */
export const MessageStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message'), data: MessageAnswerSchema }),
  z.object({ event: z.literal('read'), data: ReadReceiptSchema }),
  z.object({ event: z.literal('unread'), data: UnreadCountSchema }),
]);
export type MessageStreamEvent = z.infer<typeof MessageStreamEventSchema>;
export type MessageStreamEventName = MessageStreamEvent['event'];

/** The event a stream's named event and data text carry, or undefined for one the contract does not list. */
export function readMessageStreamEvent(event: string, dataText: string): MessageStreamEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(dataText) as unknown;
  } catch {
    return undefined;
  }
  const parsed = MessageStreamEventSchema.safeParse({ event, data });
  return parsed.success ? parsed.data : undefined;
}
