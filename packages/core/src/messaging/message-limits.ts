/**
 * The kinds, statuses and limits of messages, apart from the schemas that enforce them, so the chat's rules and
 * screens can read them without zod.
 */
export const MESSAGE_TYPES = ['text', 'image', 'document', 'mixed'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** How the buyer reached out: in the app, or by the call and WhatsApp buttons of SPEC 2. */
export const CONTACT_METHODS = ['in_app', 'phone', 'whatsapp'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const DEFAULT_CONTACT_METHOD: ContactMethod = 'in_app';

/** SPEC 3: the status a message has on the sender's screen; never stored by the API. */
export const MESSAGE_CLIENT_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageClientStatus = (typeof MESSAGE_CLIENT_STATUSES)[number];

/** SPEC 9: at most 5 attachments at once, 100MB each. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;
export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_REQUIRED_TEXT = 'Either message text or attachments are required';
