import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GENERATE_COLOUR,
  EXTERIOR_COLOURS,
  EXTERIOR_COLOUR_OPTIONS,
  INTERIOR_COLOURS,
  INTERIOR_COLOUR_OPTIONS,
} from './colours.ts';

describe('colours', () => {
  it('has 13 unique exterior and 10 unique interior colours', () => {
    expect(EXTERIOR_COLOURS).toHaveLength(13);
    expect(new Set(EXTERIOR_COLOURS).size).toBe(13);
    expect(INTERIOR_COLOURS).toHaveLength(10);
    expect(new Set(INTERIOR_COLOURS).size).toBe(10);
  });

  it('gives every colour a hex swatch', () => {
    for (const option of [...EXTERIOR_COLOUR_OPTIONS, ...INTERIOR_COLOUR_OPTIONS]) {
      expect(option.hex).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it("offers the AI generator's default colour", () => {
    expect(DEFAULT_GENERATE_COLOUR).toBe('Black');
    expect(EXTERIOR_COLOURS).toContain(DEFAULT_GENERATE_COLOUR);
  });
});
