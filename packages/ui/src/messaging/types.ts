import type {
  ApiConversation,
  ApiMessage,
  AttachmentFile,
  MessageClientStatus,
  Photo,
  ReadReceipt,
} from '@autoreel/core';

export type { ApiConversation, ApiMessage, ReadReceipt };

/** A local attachment of a message still on its way: what the bubble shows until the server has the file. */
export interface LocalAttachment {
  name: string;
  size: number;
  /** An object URL for images, so the bubble previews them before the upload ends. */
  previewUrl: string | null;
}

/**
 * A message as the chat holds it: the server's answer (or a local stand-in while sending) with its delivery
 * status (SPEC 3 client-side status).
 */
export interface ChatMessage {
  id: string;
  senderId: string;
  receiverId: string;
  message: string;
  createdAt: string;
  isRead: boolean;
  status: MessageClientStatus;
  /** Server URLs of the attachments, same order as their keys. */
  attachmentUrls: string[];
  attachmentKeys: string[];
  /** Photo attachments as responsive photos, same order (null for documents); absent on local messages. */
  attachmentPhotos?: (Photo | null)[] | undefined;
  /** Each attachment's original name and size, same order; absent on local messages and older answers. */
  attachmentFiles?: AttachmentFile[] | undefined;
  /** The buyer's contact card (Contact Dealer form). */
  contact?: ApiMessage['contact'];
  /** Set only on a local message: its files before they are uploaded. */
  local?: { attachments: LocalAttachment[]; uploadProgress: number | null } | undefined;
}
