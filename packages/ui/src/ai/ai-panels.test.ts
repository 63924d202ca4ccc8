import { describe, expect, it } from 'vitest';
import { matchedHeading } from './ai-panels.ts';

describe('matchedHeading', () => {
  it('reads naturally for the quiz: the count, then that the cars match your lifestyle', () => {
    expect(matchedHeading(8, { label: 'Lifestyle Match', kind: 'lifestyle' })).toBe(
      '8 cars match your lifestyle',
    );
    expect(matchedHeading(1, { label: 'Lifestyle Match', kind: 'lifestyle' })).toBe(
      '1 car matches your lifestyle',
    );
    expect(matchedHeading(1_250, { label: 'Lifestyle Match', kind: 'lifestyle' })).toBe(
      '1,250 cars match your lifestyle',
    );
  });

  it('quotes the words of a search, and a search is what a result without a kind is', () => {
    expect(matchedHeading(3, { label: 'electric SUV', kind: 'search' })).toBe('3 cars match "electric SUV"');
    expect(matchedHeading(1, { label: 'bakkie' })).toBe('1 car matches "bakkie"');
  });
});
