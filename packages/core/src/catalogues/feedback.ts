/** SPEC 9: feedback categories, in the order the form lists them. */
export const FEEDBACK_CATEGORIES = [
  'general',
  'bug',
  'feature',
  'support',
  'dealer',
  'app',
  'suggestion',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_CATEGORY_LABELS: Readonly<Record<FeedbackCategory, string>> = {
  general: 'General Feedback',
  bug: 'Bug Report',
  feature: 'Feature Request',
  support: 'Customer Support',
  dealer: 'Dealer Experience',
  app: 'App Experience',
  suggestion: 'Suggestion',
};

export const FEEDBACK_CATEGORY_OPTIONS: ReadonlyArray<{
  readonly value: FeedbackCategory;
  readonly label: string;
}> = FEEDBACK_CATEGORIES.map((value) => ({ value, label: FEEDBACK_CATEGORY_LABELS[value] }));

/** SPEC 9: the counter reads 'n/500 characters' but the limit is not enforced. */
export const FEEDBACK_COUNTER_LIMIT = 500;

/** SPEC 9: rating scale 1-5 and its labels. 0 on a feedback form means 'not rated'. */
export const RATING_LABELS = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
} as const;
export type RatingValue = keyof typeof RATING_LABELS;

export function ratingLabel(rating: number): string | undefined {
  return RATING_LABELS[rating as RatingValue];
}
