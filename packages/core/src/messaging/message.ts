import { z } from 'zod';
import {
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHOD,
  MAX_ATTACHMENTS,
  MESSAGE_CLIENT_STATUSES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED_TEXT,
  MESSAGE_TYPES,
} from './message-limits.ts';
export {
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHOD,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MESSAGE_CLIENT_STATUSES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED_TEXT,
  MESSAGE_TYPES,
  type ContactMethod,
  type MessageClientStatus,
  type MessageType,
} from './message-limits.ts';
import { PhotoSchema } from '../cars/index.ts';
import { UserRoleSchema } from '../accounts/index.ts';
import { CarCurrencySchema } from '../cars/index.ts';
import {
  EmailSchema,
  IdSchema,
  PAGE_SIZES,
  PhoneSchema,
  TimestampSchema,
  blankToUndefined,
  idFields,
  pageFields,
  pageQuerySchema,
  requiredText,
} from '../shared/index.ts';

export const MessageTypeSchema = z.enum(MESSAGE_TYPES);

export const ContactMethodSchema = z.enum(CONTACT_METHODS);

export const MessageClientStatusSchema = z.enum(MESSAGE_CLIENT_STATUSES);

export const MessageParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: UserRoleSchema,
});
export type MessageParticipant = z.infer<typeof MessageParticipantSchema>;

/** An attachment as the sender's device named it, and its stored size in bytes. */
export const AttachmentFileSchema = z.object({ name: z.string(), size: z.number().int().nonnegative() });
export type AttachmentFile = z.infer<typeof AttachmentFileSchema>;

/** The longest name and test-drive time a contact card holds. */
export const CONTACT_CARD_NAME_MAX = 100;
export const CONTACT_CARD_TEST_DRIVE_MAX = 100;

/**
 * How to reach the buyer, sent by the Contact Dealer form beside the buyer's own words and shown as a card, so the
 * text reads as the buyer wrote it. `testDrive` is the preferred time as the form worded it.
 */
export const MessageContactSchema = z.object({
  name: requiredText('Name', CONTACT_CARD_NAME_MAX),
  phone: PhoneSchema,
  email: z.preprocess(blankToUndefined, EmailSchema.optional()),
  testDrive: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(
        CONTACT_CARD_TEST_DRIVE_MAX,
        `Test drive must be at most ${CONTACT_CARD_TEST_DRIVE_MAX} characters`,
      )
      .optional(),
  ),
});
export type MessageContact = z.infer<typeof MessageContactSchema>;

/** The contact card as answers carry it: already checked when it was sent. */
export const MessageContactViewSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string().optional(),
  testDrive: z.string().optional(),
});

/** SPEC 3 Message. `attachments` are stored media keys. */
export const MessageSchema = z.object({
  ...idFields,
  conversationId: z.string().optional(),
  senderId: z.string(),
  receiverId: z.string(),
  message: z.string(),
  attachments: z.array(z.string()),
  /** Photo attachments as responsive photos, same order as `attachments` (null for documents). */
  attachmentPhotos: z.array(PhotoSchema.nullable()).optional(),
  /** Each attachment's original file name and size, same order as `attachments`. */
  attachmentFiles: z.array(AttachmentFileSchema).optional(),
  /** The buyer's contact card (Contact Dealer form), or null. */
  contact: MessageContactViewSchema.nullish(),
  carId: z.string().nullish(),
  messageType: MessageTypeSchema,
  contactMethod: ContactMethodSchema,
  isRead: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  sender: MessageParticipantSchema,
  receiver: MessageParticipantSchema,
});
export type Message = z.infer<typeof MessageSchema>;

/** A message as the chat screen holds it: the server's fields plus its delivery state. */
export const ClientMessageSchema = MessageSchema.extend({ status: MessageClientStatusSchema });
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** A key the media upload returned. Path traversal and absolute paths are refused before any lookup. */
export const MediaKeySchema = z
  .string('Media key is required')
  .trim()
  .min(1, 'Media key is required')
  .max(512, 'Media key is too long')
  .refine(
    (key) => !key.startsWith('/') && !key.split('/').includes('..') && !key.includes('\\'),
    'Invalid media key',
  );

/** SPEC 7 POST /messages/send. Text is trimmed (SPEC 5). */
export const MessageSendBodySchema = z
  .object({
    receiverId: IdSchema,
    message: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`)
        .optional(),
    ),
    attachments: z
      .array(MediaKeySchema)
      .max(MAX_ATTACHMENTS, `Maximum ${MAX_ATTACHMENTS} attachments per message`)
      .optional(),
    carId: z.preprocess(blankToUndefined, IdSchema.optional()),
    messageType: MessageTypeSchema,
    contactMethod: ContactMethodSchema.default(DEFAULT_CONTACT_METHOD),
    contact: MessageContactSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.message === undefined && (body.attachments?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: MESSAGE_REQUIRED_TEXT });
    }
  });
export type MessageSendBody = z.infer<typeof MessageSendBodySchema>;
export type MessageSendBodyInput = z.input<typeof MessageSendBodySchema>;

/** SPEC 7: send answers `data.message`. */
export const MessageSendResultSchema = z.object({ message: MessageSchema });
export type MessageSendResult = z.infer<typeof MessageSendResultSchema>;

export const ConversationParticipantSchema = z.object({
  id: z.string(),
  _id: z.string().optional(),
  name: z.string(),
  role: UserRoleSchema,
  avatar: z.string().nullish(),
  phone: z.string().nullish(),
});
export type ConversationParticipant = z.infer<typeof ConversationParticipantSchema>;

/** The car a conversation is about, trimmed to what the car strip shows (SPEC 2). */
export const ConversationCarSchema = z.object({
  ...idFields,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  price: z.number().nonnegative().nullish(),
  currency: CarCurrencySchema.nullish(),
  formattedPrice: z.string().nullish(),
  image: z.string().nullish(),
  video: z.string().nullish(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
});
export type ConversationCar = z.infer<typeof ConversationCarSchema>;

/** SPEC 3 Conversation. The API sends `lastMessage`; SPEC 3's `latestMessage` is the same thing. */
export const ConversationSchema = z.object({
  ...idFields,
  participantId: z.string(),
  participant: ConversationParticipantSchema,
  lastMessage: MessageSchema.nullable(),
  unreadCount: z.number().int().nonnegative(),
  updatedAt: TimestampSchema,
  car: ConversationCarSchema.nullish(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationsQuerySchema = pageQuerySchema(PAGE_SIZES.conversations);
export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>;

export const MessagesQuerySchema = pageQuerySchema(PAGE_SIZES.messages);
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

export const ConversationsPageSchema = z.object({
  conversations: z.array(ConversationSchema),
  ...pageFields,
});
export type ConversationsPage = z.infer<typeof ConversationsPageSchema>;

/** SPEC 7: messages come sorted oldest first. */
export const MessagesPageSchema = z.object({
  messages: z.array(MessageSchema),
  ...pageFields,
});
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
