import { z } from 'zod';
import { IdSchema, TimestampSchema, idFields, requiredText } from '../shared/index.ts';
import {
  ConversationCarSchema,
  ConversationParticipantSchema,
  ConversationSchema,
  MessageParticipantSchema,
  MessageSchema,
} from './message.ts';

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

const ApiPersonSchema = MessageParticipantSchema.extend({ _id: z.string() });

/** A message as the API answers it: message.ts's Message plus the attachment URLs and read time. */
export const ApiMessageSchema = MessageSchema.extend({
  conversationId: z.string(),
  /** URLs of `attachments`, same order. */
  attachmentUrls: z.array(z.string()),
  carId: z.string().nullable(),
  readAt: TimestampSchema.nullable(),
  sender: ApiPersonSchema,
  receiver: ApiPersonSchema,
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

export const ApiConversationCarSchema = ConversationCarSchema.extend({
  currency: z.object({ code: z.string(), name: z.string().nullable(), symbol: z.string() }),
  /** The account that listed the car: the chat shows that side the seller's quick replies and tips. */
  sellerId: z.string(),
});

export const ApiConversationSchema = ConversationSchema.extend({
  participant: ConversationParticipantSchema.extend({ _id: z.string(), dealerId: z.string().nullable() }),
  lastMessage: ApiMessageSchema.nullable(),
  /** SPEC 3 names it both ways; both carry the same message. */
  latestMessage: ApiMessageSchema.nullable(),
  car: ApiConversationCarSchema.nullable(),
  createdAt: TimestampSchema,
});
export type ApiConversation = z.infer<typeof ApiConversationSchema>;

export const MessageAnswerSchema = z.object({ message: ApiMessageSchema });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

export const ConversationOpenedSchema = z.object({
  created: z.boolean(),
  conversation: ApiConversationSchema,
  /** The media upload folder for this conversation's attachments. */
  uploadFolder: z.string(),
});
export type ConversationOpened = z.infer<typeof ConversationOpenedSchema>;

export const ApiConversationsPageSchema = z.object({
  conversations: z.array(ApiConversationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ApiConversationsPage = z.infer<typeof ApiConversationsPageSchema>;

/** Page 1 holds the most recent messages; each page is sorted oldest first. */
export const ApiMessagesPageSchema = z.object({
  messages: z.array(ApiMessageSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** Null when the two have not written to each other yet. */
  conversation: ApiConversationSchema.nullable(),
});
export type ApiMessagesPage = z.infer<typeof ApiMessagesPageSchema>;

export const ConversationReadSchema = z.object({
  conversationId: z.string(),
  markedCount: z.number().int(),
  messageIds: z.array(z.string()),
  readAt: TimestampSchema.nullable(),
  /** The caller's unread total afterwards. */
  unreadCount: z.number().int(),
});
export type ConversationRead = z.infer<typeof ConversationReadSchema>;

export const ConversationUnreadCountSchema = z.object({
  conversationId: z.string(),
  unreadCount: z.number().int(),
});

export const ConversationReportSchema = z.object({
  report: z.object({
    ...idFields,
    conversationId: z.string(),
    reportedUserId: z.string(),
    reason: z.string(),
    createdAt: TimestampSchema,
  }),
});
