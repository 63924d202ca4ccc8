/** Messaging rules (SPEC 4 'Messaging', SPEC 5 'Messaging', SPEC 8 'Messaging', SPEC 9 'Media and messaging'). */
import {
  CAR_QUICK_REPLIES,
  GENERIC_QUICK_REPLIES,
  SELLER_CAR_QUICK_REPLIES,
  SELLER_GENERIC_QUICK_REPLIES,
  QUICK_REPLIES_SHOWN,
} from './quick-replies.ts';
import type { QuickReply } from './quick-replies.ts';
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, MESSAGE_REQUIRED_TEXT } from './message-limits.ts';
import type { MessageClientStatus, MessageType } from './message-limits.ts';
import { SAFETY_TIPS, SELLER_SAFETY_TIPS } from './safety.ts';
import { countOf } from '../text/index.ts';
import { isUsableId } from '../shared/index.ts';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'rtf'] as const;
/** Accepted attachment types: images, pdf, doc, docx, txt, rtf (SPEC 5). */
export const ACCEPTED_ATTACHMENT_EXTENSIONS: readonly string[] = [
  ...IMAGE_EXTENSIONS,
  ...DOCUMENT_EXTENSIONS,
];
/** For a file input's accept attribute. */
export const ATTACHMENT_ACCEPT = ACCEPTED_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const ALL_ATTACHMENTS_TOO_LARGE =
  'All selected files are too large. Maximum file size is 100MB. Please select smaller files.';
/** Shown when five files are already attached and more are picked (wording not given by the SPEC). */
export const ATTACHMENT_LIMIT_REACHED = `You can attach up to ${MAX_ATTACHMENTS} files at once.`;
export const ATTACHMENT_UPLOAD_FAILED = 'Failed to upload attachments. Please try again.';
export const INVALID_MEDIA_FILE = 'Invalid file type provided. Expected File or Blob.';
export const SENDING_LABEL = 'Sending...';

/** Id of the conversation shown before the first message to a seller exists (SPEC 4). */
export const PLACEHOLDER_CONVERSATION_ID = 'new';

export function tooManyLargeFilesMessage(tooLarge: number, valid: number): string {
  const verb = tooLarge === 1 ? 'is' : 'are';
  return `${countOf(tooLarge, 'file')} ${verb} too large (max 100MB). Continue with ${countOf(valid, 'valid file')}?`;
}

export function attachmentLimitMessage(fits: number): string {
  return `${ATTACHMENT_LIMIT_REACHED} Continue with the first ${countOf(fits, 'file')}?`;
}

/** Lower-case extension after the last dot; '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isImageFile(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function isDocumentFile(name: string): boolean {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function isAcceptedAttachment(name: string): boolean {
  return isImageFile(name) || isDocumentFile(name);
}

/**
 * The message type from what is being sent. Files of an unknown kind with no text give 'mixed', the type that
 * promises least about the attachments.
 */
export function inferMessageType(
  text: string | null | undefined,
  attachmentNames: readonly string[],
): MessageType {
  if (attachmentNames.length === 0) return 'text';
  if ((text ?? '').trim() !== '') return 'mixed';
  if (attachmentNames.every(isImageFile)) return 'image';
  if (attachmentNames.every(isDocumentFile)) return 'document';
  return 'mixed';
}

export type SendCheck = { ok: true; text: string } | { ok: false; error: string };

/** A send needs non-blank text or at least one attachment; the text sent is trimmed. */
export function validateSend(text: string | null | undefined, attachments: readonly unknown[]): SendCheck {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' && attachments.length === 0) return { ok: false, error: MESSAGE_REQUIRED_TEXT };
  return { ok: true, text: trimmed };
}

export interface PickedFile {
  name: string;
  size: number;
}

export interface AttachmentSelection<F extends PickedFile> {
  /** Files to add once every confirmation was accepted. */
  accepted: F[];
  /** Questions to ask in order; declining any cancels the whole pick. */
  confirmations: string[];
  /** The confirmations as one text, for a single confirm dialog; null when nothing needs asking. */
  confirmation: string | null;
  /** Nothing can be added; show this instead. */
  error: string | null;
}

/**
 * Applies the 100MB per-file cap and then the 5-file allowance. Oversize files are dropped first so that they
 * never take a slot that a valid file could use; then only the first files that fit what is left are kept.
 */
export function selectAttachments<F extends PickedFile>(
  files: readonly F[],
  alreadySelected: number,
): AttachmentSelection<F> {
  const none = (error: string | null): AttachmentSelection<F> => ({
    accepted: [],
    confirmations: [],
    confirmation: null,
    error,
  });
  if (files.length === 0) return none(null);
  const remaining = Math.max(0, MAX_ATTACHMENTS - alreadySelected);
  if (remaining === 0) return none(ATTACHMENT_LIMIT_REACHED);

  const valid = files.filter((file) => file.size <= MAX_ATTACHMENT_BYTES);
  if (valid.length === 0) return none(ALL_ATTACHMENTS_TOO_LARGE);

  const confirmations: string[] = [];
  const tooLarge = files.length - valid.length;
  if (tooLarge > 0) confirmations.push(tooManyLargeFilesMessage(tooLarge, valid.length));
  if (valid.length > remaining) confirmations.push(attachmentLimitMessage(remaining));
  return {
    accepted: valid.slice(0, remaining),
    confirmations,
    confirmation: confirmations.length > 0 ? confirmations.join('\n') : null,
    error: null,
  };
}

/** The quick replies shown of a set: its first 4. */
export function quickReplies<R>(list: readonly R[]): R[] {
  return list.slice(0, QUICK_REPLIES_SHOWN);
}

/** Which side of a chat the viewer is on: asking about a car, or selling it. */
export type ChatSide = 'buyer' | 'seller';

/**
 * The viewer sells when the conversation's car is theirs; with no car in context, a dealer writing to a customer is
 * the seller side. Everyone else asks, and sees the SPEC's buyer set.
 */
export function chatSideOf(input: {
  myId: string;
  myRole: string | null | undefined;
  peerRole: string | null | undefined;
  carSellerId: string | null | undefined;
  hasCar: boolean;
}): ChatSide {
  if (input.hasCar) return input.carSellerId === input.myId ? 'seller' : 'buyer';
  return input.myRole === 'dealer' && input.peerRole !== 'dealer' ? 'seller' : 'buyer';
}

/** The car-specific set when a car is in context, else the generic set; the seller side has its own answers. */
export function quickRepliesFor(hasCar: boolean, side: ChatSide = 'buyer'): QuickReply[] {
  if (side === 'seller')
    return quickReplies(hasCar ? SELLER_CAR_QUICK_REPLIES : SELLER_GENERIC_QUICK_REPLIES);
  return quickReplies(hasCar ? CAR_QUICK_REPLIES : GENERIC_QUICK_REPLIES);
}

/** The safety tips for each side: the SPEC's for buyers, the scams aimed at sellers for sellers. */
export function safetyTipsFor(side: ChatSide): readonly string[] {
  return side === 'seller' ? SELLER_SAFETY_TIPS : SAFETY_TIPS;
}

export interface ConversationCarLike {
  year?: number | string | null;
  make?: string | null;
  model?: string | null;
}

/**
 * 'make model', said once: a model whose name already starts with its brand ('Range Rover Evoque' of Range Rover)
 * is not preceded by the brand again.
 */
export function carName(car: Pick<ConversationCarLike, 'make' | 'model'>): string {
  const make = car.make == null ? '' : String(car.make).trim();
  const model = car.model == null ? '' : String(car.model).trim();
  const repeats = make !== '' && `${model.toLowerCase()} `.startsWith(`${make.toLowerCase()} `);
  return [repeats ? '' : make, model].filter((part) => part !== '').join(' ');
}

/** 'year make model', the one title of a car everywhere; missing parts are left out, the brand said once. */
export function carTitle(car: ConversationCarLike): string {
  const year = car.year == null ? '' : String(car.year).trim();
  return [year, carName(car)].filter((part) => part !== '').join(' ');
}

/**
 * "Hi, I'm interested in the {year} {make} {model}"; missing parts are left out rather than shown blank, and a car
 * with none of them reads 'this car'.
 */
export function placeholderConversationMessage(car: ConversationCarLike): string {
  const title = carTitle(car);
  return title === '' ? "Hi, I'm interested in this car" : `Hi, I'm interested in the ${title}`;
}

/** Own messages show read when the server says so, else delivered (SPEC 4). */
export function deliveredStatus(
  isRead: boolean | null | undefined,
): Extract<MessageClientStatus, 'read' | 'delivered'> {
  return isRead ? 'read' : 'delivered';
}

export interface ChatTargetCar {
  dealerId?: string | null;
  sellerId?: string | null;
  _id?: string | null;
  id?: string | null;
}

/** Who a chat about this car goes to: dealerId, else sellerId, else the car id; null opens the detail page. */
export function chatReceiverId(car: ChatTargetCar): string | null {
  for (const id of [car.dealerId, car.sellerId, car._id, car.id]) if (isUsableId(id)) return String(id);
  return null;
}
