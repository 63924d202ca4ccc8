import { describe, expect, it } from 'vitest';
import {
  CAR_QUICK_REPLIES,
  GENERIC_QUICK_REPLIES,
  QUICK_REPLIES_SHOWN,
  QUICK_REPLY_DELAY_MS,
  quickRepliesFor,
} from './quick-replies.ts';

describe('quick replies', () => {
  it('has 6 car-specific replies in the SPEC order', () => {
    expect(CAR_QUICK_REPLIES.map((r) => r.id)).toEqual([
      'availability',
      'test-drive',
      'history',
      'negotiable',
      'photos',
      'location',
    ]);
  });

  it('has 4 generic replies in the SPEC order', () => {
    expect(GENERIC_QUICK_REPLIES.map((r) => r.id)).toEqual(['vehicles', 'financing', 'hours', 'showroom']);
  });

  it('has unique, non-empty texts', () => {
    const texts = [...CAR_QUICK_REPLIES, ...GENERIC_QUICK_REPLIES].map((r) => r.text);
    expect(new Set(texts).size).toBe(10);
    for (const text of texts) expect(text.endsWith('?')).toBe(true);
  });

  it('shows the first 4 of the set that applies', () => {
    expect(QUICK_REPLIES_SHOWN).toBe(4);
    expect(quickRepliesFor(true)).toEqual(CAR_QUICK_REPLIES.slice(0, 4));
    expect(quickRepliesFor(false)).toEqual(GENERIC_QUICK_REPLIES);
    expect(QUICK_REPLY_DELAY_MS).toBe(100);
  });
});
