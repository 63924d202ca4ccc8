import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_CATEGORY_OPTIONS,
  FEEDBACK_COUNTER_LIMIT,
  FEEDBACK_ERRORS,
  NOT_RATED,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
} from './feedback-catalogue.ts';

describe('feedback catalogue', () => {
  it('has the seven SPEC 9 categories with labels', () => {
    expect(FEEDBACK_CATEGORIES).toEqual([
      'general',
      'bug',
      'feature',
      'support',
      'dealer',
      'app',
      'suggestion',
    ]);
    expect(Object.keys(FEEDBACK_CATEGORY_LABELS)).toEqual([...FEEDBACK_CATEGORIES]);
    expect(FEEDBACK_CATEGORY_OPTIONS).toHaveLength(7);
    expect(FEEDBACK_CATEGORY_OPTIONS[1]).toEqual({ value: 'bug', label: 'Bug Report' });
    expect(new Set(Object.values(FEEDBACK_CATEGORY_LABELS)).size).toBe(7);
    expect(FEEDBACK_COUNTER_LIMIT).toBe(500);
  });

  it('labels ratings 1..5', () => {
    expect(RATING_LABELS).toEqual({ 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very Good', 5: 'Excellent' });
    expect([RATING_MIN, RATING_MAX, NOT_RATED]).toEqual([1, 5, 0]);
  });

  it('words the rating error from the scale', () => {
    expect(FEEDBACK_ERRORS.rating).toBe('Rating must be between 0 and 5');
  });
});
