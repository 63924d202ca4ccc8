import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes are read to decide a file's type: enough for a zip's first entries (docx). */
export const SNIFF_BYTES = 64 * 1024;

export type MediaKind = 'image' | 'video' | 'document';

export interface UploadType {
  ext: string;
  mime: string;
  kind: MediaKind;
}

const BY_DETECTED_EXT: Record<string, UploadType> = {
  jpg: { ext: 'jpg', mime: 'image/jpeg', kind: 'image' },
  png: { ext: 'png', mime: 'image/png', kind: 'image' },
  gif: { ext: 'gif', mime: 'image/gif', kind: 'image' },
  webp: { ext: 'webp', mime: 'image/webp', kind: 'image' },
  mp4: { ext: 'mp4', mime: 'video/mp4', kind: 'video' },
  m4v: { ext: 'mp4', mime: 'video/mp4', kind: 'video' },
  mov: { ext: 'mov', mime: 'video/quicktime', kind: 'video' },
  qt: { ext: 'mov', mime: 'video/quicktime', kind: 'video' },
  webm: { ext: 'webm', mime: 'video/webm', kind: 'video' },
  pdf: { ext: 'pdf', mime: 'application/pdf', kind: 'document' },
  rtf: { ext: 'rtf', mime: 'application/rtf', kind: 'document' },
  docx: {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
  },
  // Word 97-2003 files are Compound File Binary containers; the container is what magic bytes can tell.
  cfb: { ext: 'doc', mime: 'application/msword', kind: 'document' },
};

const TXT: UploadType = { ext: 'txt', mime: 'text/plain', kind: 'document' };
const DOCX = BY_DETECTED_EXT['docx']!;

/** Text has no magic number: accept UTF-8 without NUL bytes (a cut multi-byte character at the end is fine). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A zip whose entries live under word/ is a Word document; the names sit in clear text in the local headers. */
function isWordZip(head: Uint8Array): boolean {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes('word/', 0, 'latin1');
}

/**
 * The type of an upload decided from its first bytes only: the client's file name and Content-Type are never
 * trusted. Returns undefined for anything this API does not accept anywhere.
 */
export async function detectUploadType(head: Uint8Array): Promise<UploadType | undefined> {
  let detected: { ext: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(head);
  } catch {
    // A truncated container inside the sample is simply not recognised.
    detected = undefined;
  }
  if (detected) {
    if (detected.ext === 'zip') return isWordZip(head) ? DOCX : undefined;
    return BY_DETECTED_EXT[detected.ext];
  }
  const start = Buffer.from(head.subarray(0, 5)).toString('latin1');
  if (start === '{\\rtf') return BY_DETECTED_EXT['rtf'];
  return looksLikeText(head) ? TXT : undefined;
}
