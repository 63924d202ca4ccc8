import { INVALID_EMAIL_MESSAGE } from '../shared/index.ts';

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

/** SPEC 9: rating scale 1-5 and its labels (dealer reviews and the feedback form). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** On the feedback form a rating is optional; 0 means 'not rated' (SPEC 3: rating 0-5). */
export const NOT_RATED = 0;

export const RATING_LABELS = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
} as const;
export type RatingValue = keyof typeof RATING_LABELS;

/** Field errors of the feedback form; the API's feedback schema answers with the same texts. */
export const FEEDBACK_ERRORS = {
  category: 'Please choose a category',
  name: 'Name is required',
  email: 'Email is required',
  emailFormat: INVALID_EMAIL_MESSAGE,
  subject: 'Subject is required',
  message: 'Message is required',
  rating: `Rating must be between ${NOT_RATED} and ${RATING_MAX}`,
} as const;
