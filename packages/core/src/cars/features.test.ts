import { describe, expect, it } from 'vitest';
import { FEATURE_GROUPS, FEATURE_GROUP_LABELS, FEATURE_OPTIONS, SELECTABLE_FEATURES } from './features.ts';

describe('features', () => {
  it('has 30 unique selectable features', () => {
    expect(SELECTABLE_FEATURES).toHaveLength(30);
    expect(new Set(SELECTABLE_FEATURES.map((f) => f.toLowerCase())).size).toBe(30);
  });

  it('puts every feature in a labelled group, and every group has features', () => {
    expect(Object.keys(FEATURE_GROUP_LABELS)).toEqual([...FEATURE_GROUPS]);
    for (const group of FEATURE_GROUPS) {
      expect(FEATURE_OPTIONS.some((f) => f.group === group)).toBe(true);
    }
  });

  it('stores names already trimmed', () => {
    for (const name of SELECTABLE_FEATURES) expect(name.trim()).toBe(name);
  });
});
