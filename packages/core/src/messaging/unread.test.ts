import { describe, expect, it } from 'vitest';
import { UNREAD_BADGE_CAP, decrementUnread, markConversationRead, unreadBadge } from './unread.ts';

describe('unreadBadge', () => {
  it('shows no badge for nothing unread', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-3)).toBeNull();
    expect(unreadBadge(0.5)).toBeNull();
    expect(unreadBadge(null)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(Number.NaN)).toBeNull();
  });

  it("shows the count up to 99 and '99+' above", () => {
    expect(UNREAD_BADGE_CAP).toBe(99);
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(98)).toBe('98');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(12345)).toBe('99+');
  });
});

describe('decrementUnread', () => {
  it('never goes below 0', () => {
    expect(decrementUnread(5, 2)).toBe(3);
    expect(decrementUnread(5, 5)).toBe(0);
    expect(decrementUnread(2, 5)).toBe(0);
    expect(decrementUnread(0, 1)).toBe(0);
    expect(decrementUnread(4, -2)).toBe(4);
  });

  it('marks a conversation read', () => {
    expect(markConversationRead(10, 3)).toEqual({ total: 7, conversationUnread: 0 });
    expect(markConversationRead(1, 3)).toEqual({ total: 0, conversationUnread: 0 });
  });
});
