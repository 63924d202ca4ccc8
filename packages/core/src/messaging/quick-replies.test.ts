import { describe, expect, it } from 'vitest';
import {
  CAR_QUICK_REPLIES,
  GENERIC_QUICK_REPLIES,
  QUICK_REPLIES_SHOWN,
  QUICK_REPLY_DELAY_MS,
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

  it('shows 4 of a set and sends a reply after 100 ms', () => {
    expect(QUICK_REPLIES_SHOWN).toBe(4);
    expect(QUICK_REPLY_DELAY_MS).toBe(100);
  });
});
