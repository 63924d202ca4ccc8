import { z } from 'zod';
import { IdSchema, requiredText } from './common.ts';
import { ConversationCarSchema, ConversationSchema, MessageSchema } from './message.ts';

/**
 * Messaging requests and answers that message.ts leaves out: the conversation get-or-create used before the first
 * upload, the report button, the stream's token, and the extra fields the API answers (attachment URLs, read time,
 * latestMessage beside lastMessage).
 */

/** POST /messages/conversations: the uploader needs a conversation id before the first message with files. */
export const ConversationOpenBodySchema = z.object({
  participantId: IdSchema,
  carId: z.preprocess((v) => (v === null || v === '' ? undefined : v), IdSchema.optional()),
});
export type ConversationOpenBody = z.infer<typeof ConversationOpenBodySchema>;

export const REPORT_REASON_MAX_LENGTH = 1000;

/** POST /messages/conversations/{id}/report. */
export const ConversationReportBodySchema = z.object({
  reason: requiredText('Reason', REPORT_REASON_MAX_LENGTH),
});
export type ConversationReportBody = z.infer<typeof ConversationReportBodySchema>;

/** GET /messages/stream: EventSource cannot send headers, so the access token may come in the query. */
export const MessageStreamQuerySchema = z.object({ token: z.string().max(4096).optional() });

/** The Idempotency-Key header of POST /messages/send. */
export const IdempotencyKeySchema = z
  .string()
  .min(1, 'Idempotency-Key must be 1 to 128 characters')
  .max(128, 'Idempotency-Key must be 1 to 128 characters');

export const ApiMessageSchema = MessageSchema.extend({
  conversationId: z.string(),
  /** URLs of `attachments`, same order. */
  attachmentUrls: z.array(z.string()),
  readAt: z.string().nullable(),
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

export const ApiConversationCarSchema = ConversationCarSchema.extend({
  currency: z.object({ code: z.string(), name: z.string().nullable(), symbol: z.string() }),
});

export const ApiConversationSchema = ConversationSchema.extend({
  participant: ConversationSchema.shape.participant.extend({
    _id: z.string(),
    dealerId: z.string().nullable(),
  }),
  lastMessage: ApiMessageSchema.nullable(),
  latestMessage: ApiMessageSchema.nullable(),
  car: ApiConversationCarSchema.nullable(),
  createdAt: z.string(),
});
export type ApiConversation = z.infer<typeof ApiConversationSchema>;
