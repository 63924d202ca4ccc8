/** Unread counters (SPEC 2 'Messages screen', SPEC 4 'Messaging', SPEC 9: badge shows 99+ above 99). */

export const UNREAD_BADGE_CAP = 99;

/** Badge text: null when there is nothing unread (no badge), the count up to 99, '99+' above. */
export function unreadBadge(count: number | null | undefined): string | null {
  if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(whole);
}

/** The total after some messages were read; never below 0, since server and local counts can disagree. */
export function decrementUnread(total: number, by: number): number {
  return Math.max(0, total - Math.max(0, by));
}

/** Opening a conversation zeroes its own count and takes that many off the total (SPEC 4). */
export function markConversationRead(
  total: number,
  conversationUnread: number,
): { total: number; conversationUnread: 0 } {
  return { total: decrementUnread(total, conversationUnread), conversationUnread: 0 };
}
