import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaUrl, type MediaUrlConfig } from './media-url.ts';

/**
 * Conversation attachments are private to the two participants. An <img> cannot send a bearer header, so each
 * viewer is handed a link of their own when a message is presented: the key, the viewer and an expiry, signed
 * with an HMAC of the server's secret. The media route checks the signature and expiry, then that the viewer still
 * takes part in the conversation. Links are same-origin paths (/media/...): never a CDN, which could not check.
 */

/** A link stays valid at least this long after it was handed out. */
export const PRIVATE_MEDIA_LINK_TTL_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to this step, so the same viewer is handed the same link for a while and the browser's
 * cache keeps serving it across re-renders and refetches.
 */
const EXPIRY_STEP_SECONDS = 15 * 60;

const PRIVATE_PREFIX = 'conversations/';
const CONVERSATION_KEY =
  /^conversations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/media\/[^/]+$/;

/** Whether a storage key (or a path under /media, with or without its leading slash) is private media. */
export function isPrivateMediaKey(key: string): boolean {
  return key.replace(/^\/+/, '').toLowerCase().startsWith(PRIVATE_PREFIX);
}

/** The conversation a private key belongs to; null for anything that is not exactly an attachment key. */
export function conversationOfKey(key: string): string | null {
  return CONVERSATION_KEY.exec(key)?.[1] ?? null;
}

export type LinkCheck =
  { ok: true; viewerId: string; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' };

export class PrivateMediaLinks {
  readonly #key: Buffer;
  readonly #config: MediaUrlConfig;

  constructor(secret: string, config: MediaUrlConfig) {
    // A key of its own, derived from the server secret, so a media signature can never stand in for a token's.
    this.#key = createHmac('sha256', secret).update('autoreel private media links v1').digest();
    this.#config = config;
  }

  #signature(key: string, viewerId: string, expires: number): Buffer {
    return createHmac('sha256', this.#key).update(`${key}\n${viewerId}\n${expires}`).digest();
  }

  /** The URL a viewer fetches a file with: signed for them when private, the public media URL otherwise. */
  urlFor(key: string, viewerId: string, now: Date): string {
    if (!isPrivateMediaKey(key)) return mediaUrl(key, this.#config);
    const seconds = Math.floor(now.getTime() / 1000) + PRIVATE_MEDIA_LINK_TTL_SECONDS;
    const expires = Math.ceil(seconds / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const query = new URLSearchParams({
      viewer: viewerId,
      expires: String(expires),
      signature: this.#signature(key, viewerId, expires).toString('base64url'),
    });
    return `/media/${key}?${query.toString()}`;
  }

  /** Checks a link's query for a key. The signature is compared in constant time before the expiry is trusted. */
  check(key: string, query: Record<string, unknown>, now: Date): LinkCheck {
    const { viewer, expires, signature } = query;
    if (typeof viewer !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    if (!/^\d{1,12}$/.test(expires) || viewer.length > 64) return { ok: false, reason: 'invalid' };
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#signature(key, viewer, Number(expires));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'invalid' };
    }
    const expiresAt = Number(expires) * 1000;
    if (expiresAt <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, viewerId: viewer, expiresAt };
  }
}
