/** Sharing and id hygiene (SPEC 2 share links, SPEC 5 'Ids that are undefined or empty are ignored', SPEC 7). */

/** Shown after the link was copied, when the device share sheet is not available (SPEC 7). */
export const LINK_COPIED_MESSAGE = 'Link copied to clipboard!';

/**
 * Whether an id can be used in a request. Ids arrive through template strings and query strings, so the text
 * 'undefined' or 'null' means an id was missing upstream and must not reach the API.
 */
export function isUsableId(id: unknown): id is string | number {
  if (typeof id === 'number') return Number.isFinite(id);
  if (typeof id !== 'string') return false;
  const trimmed = id.trim();
  return trimmed !== '' && trimmed !== 'undefined' && trimmed !== 'null';
}

/** A car's id: _id from the API, id from other sources; null when neither is usable. */
export function carIdOf(car: { _id?: unknown; id?: unknown } | null | undefined): string | null {
  if (!car) return null;
  if (isUsableId(car._id)) return String(car._id);
  if (isUsableId(car.id)) return String(car.id);
  return null;
}

/** The share link {origin}/cars/{carId}; a trailing slash on the origin is dropped so the path stays single. */
export function carShareUrl(origin: string, carId: string): string {
  return `${origin.replace(/\/+$/, '')}/cars/${encodeURIComponent(carId)}`;
}

/** Last fallback when neither the share sheet nor the clipboard works: a chat-app share link. */
export function whatsappShareLink(text: string, url: string): string {
  const message = text.trim() ? `${text.trim()} ${url}` : url;
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** A phone chat link for contacting a dealer or seller: wa.me takes the number as digits only. */
export function whatsappChatLink(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  const query = text?.trim() ? `?text=${encodeURIComponent(text.trim())}` : '';
  return `https://wa.me/${digits}${query}`;
}
