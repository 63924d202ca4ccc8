import { describe, expect, it } from 'vitest';
import {
  MAX_CARD_REASONS,
  cardReasons,
  lifestyleNote,
  matchBannerColor,
  matchesShown,
} from './match-display.ts';

describe('matchBannerColor', () => {
  it.each([
    [100, 'green'],
    [70, 'green'],
    [69, 'blue'],
    [50, 'blue'],
    [49, 'orange'],
    [40, 'orange'],
    [39, 'red'],
    [0, 'red'],
  ] as const)('%d is %s', (score, color) => {
    expect(matchBannerColor(score)).toBe(color);
  });

  it('treats fractions below a boundary as the lower band', () => {
    expect(matchBannerColor(69.9)).toBe('blue');
    expect(matchBannerColor(39.99)).toBe('red');
  });
});

describe('constants and reasons', () => {
  it('shows two reasons on a card', () => {
    expect(MAX_CARD_REASONS).toBe(2);
  });

  it('keeps at most the first 2 reasons', () => {
    expect(cardReasons(['a', 'b', 'c'])).toEqual(['a', 'b']);
    expect(cardReasons(['a', 'b'])).toEqual(['a', 'b']);
    expect(cardReasons(['a'])).toEqual(['a']);
    expect(cardReasons([])).toEqual([]);
    expect(cardReasons(undefined)).toEqual([]);
    expect(cardReasons(null)).toEqual([]);
    expect(cardReasons([' ', 'a', '', 'b', 'c'])).toEqual(['a', 'b']);
  });
});

describe('what an AI answer shows', () => {
  it('says the top few of how many when more match than are shown, else how many', () => {
    expect(matchesShown(20, 203)).toBe('Top 20 of 203 matches');
    expect(matchesShown(12, 1_250)).toBe('Top 12 of 1,250 matches');
    expect(matchesShown(3, 3)).toBe('3 matches');
    expect(matchesShown(1, 1)).toBe('1 match');
    // A total below what is shown (an older answer without one) never reads 'Top 5 of 0'.
    expect(matchesShown(5, 0)).toBe('5 matches');
  });

  it('notes only the reasons a card has no room for, so each is said once', () => {
    expect(lifestyleNote(['Within budget', 'Reliable make: Kia', 'Light on fuel', ' '])).toBe(
      'Also: Light on fuel.',
    );
    expect(lifestyleNote(['Within budget', 'Reliable make: Kia'])).toBe('');
    expect(lifestyleNote(undefined)).toBe('');
  });
});
