import { describe, expect, it } from 'vitest';
import { browseQueryOfReading, matchedHeading } from './ai-panels.ts';

describe('matchedHeading', () => {
  it('says what the quiz results are: every match, or the top few of how many', () => {
    expect(matchedHeading(8, { label: 'Lifestyle Match', kind: 'lifestyle' })).toBe(
      '8 matches for your lifestyle',
    );
    expect(matchedHeading(1, { label: 'Lifestyle Match', kind: 'lifestyle', total: 1 })).toBe(
      '1 match for your lifestyle',
    );
    expect(matchedHeading(12, { label: 'Lifestyle Match', kind: 'lifestyle', total: 1_250 })).toBe(
      'Top 12 of 1,250 matches for your lifestyle',
    );
  });

  it('quotes the words of a search, and a search is what a result without a kind is', () => {
    expect(matchedHeading(20, { label: 'electric SUV', kind: 'search', total: 203 })).toBe(
      'Top 20 of 203 matches for "electric SUV"',
    );
    expect(matchedHeading(3, { label: 'electric SUV', kind: 'search', total: 3 })).toBe(
      '3 matches for "electric SUV"',
    );
    expect(matchedHeading(1, { label: 'bakkie' })).toBe('1 match for "bakkie"');
  });
});

describe('browseQueryOfReading', () => {
  it("is Browse's address of a reading whose every filter Browse has", () => {
    expect(browseQueryOfReading({ make: 'Toyota', bodyType: 'SUV', maxPrice: 300_000 })).toBe(
      'make=Toyota&bodyType=SUV&maxPrice=300000',
    );
  });

  it('is none for a reading with a filter Browse has not (colour, condition, words), or no filter at all', () => {
    expect(browseQueryOfReading({ make: 'Toyota', color: 'Red' })).toBeNull();
    expect(browseQueryOfReading({ condition: 'New' })).toBeNull();
    expect(browseQueryOfReading({ search: 'sunroof' })).toBeNull();
    expect(browseQueryOfReading({})).toBeNull();
  });
});
