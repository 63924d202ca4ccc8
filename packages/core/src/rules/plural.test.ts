import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural.ts';

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
