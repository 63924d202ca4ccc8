import { isAcceptedAttachment, isImageFile } from '@autoreel/core';
import type { PickedFile } from '../platform/host.ts';

/** A file waiting in the composer, with its preview when it is an image. */
export interface OutgoingFile {
  id: string;
  file: PickedFile;
  previewUrl: string | null;
}

/** Accepted types: images, pdf, doc, docx, txt, rtf (SPEC 5); an image without an extension counts by its type. */
export function isAttachable(file: PickedFile): boolean {
  return isAcceptedAttachment(file.name) || file.type.startsWith('image/');
}

/** The name the message type is inferred from: an extensionless image is named as one. */
export function typedName(file: PickedFile): string {
  if (isAcceptedAttachment(file.name) || !file.type.startsWith('image/')) return file.name;
  return `${file.name}.${file.type.slice('image/'.length) || 'png'}`;
}

export function isImage(file: PickedFile): boolean {
  return isImageFile(typedName(file));
}

let counter = 0;
/** A unique id for local things (composer files, messages on their way, Idempotency-Keys). */
export function localId(prefix: string): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${counter}-${random}`;
}
