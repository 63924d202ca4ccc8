import { describe, expect, it } from 'vitest';
import { MAX_CARD_REASONS, cardReasons, matchBannerColor } from './match-display.ts';

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
