import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, groupDigits, pluralWord } from './plural.ts';

describe('countOf', () => {
  it('says one in the singular and every other count in the plural, with thousands grouped', () => {
    expect(countOf(1, 'view')).toBe('1 view');
    expect(countOf(0, 'view')).toBe('0 views');
    expect(countOf(2, 'view')).toBe('2 views');
    expect(countOf(1204, 'view')).toBe('1,204 views');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
    expect(pluralWord(1, 'match', 'matches')).toBe('match');
    expect(pluralWord(5, 'match', 'matches')).toBe('matches');
  });
});

describe('groupDigits', () => {
  it('writes a whole number as en-US does, without Intl', () => {
    for (const value of [0, 7, 999, 1000, 1204, 99_999, 1_000_000, 385_000, -4_200, 123_456_789]) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('groups every length of number as en-US does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
    for (let digits = 1; digits <= 16; digits++)
      expect(groupDigits(10 ** digits - 1)).toBe((10 ** digits - 1).toLocaleString('en-US'));
    expect(groupDigits(1e21)).toBe('1e+21');
  });

  it('rounds a fraction away and leaves what is not a number readable', () => {
    expect(groupDigits(1234.6)).toBe('1,235');
    expect(groupDigits(-0.2)).toBe('0');
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
