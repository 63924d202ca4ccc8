/** Feedback form rules (SPEC 5 'Feedback', SPEC 4 'Display rules', SPEC 8 'Feedback', SPEC 9). */
import type { TitledMessage } from './titled-message.ts';

export const FEEDBACK_CATEGORY_VALUES = [
  'general',
  'bug',
  'feature',
  'support',
  'dealer',
  'app',
  'suggestion',
] as const;
export type FeedbackCategoryValue = (typeof FEEDBACK_CATEGORY_VALUES)[number];

/** The counter shows this figure but nothing enforces it (SPEC 5). */
export const FEEDBACK_MESSAGE_COUNTER_MAX = 500;
export const MIN_RATING = 0;
export const MAX_RATING = 5;

export const RATING_LABELS: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

export type FeedbackSubmitState = 'idle' | 'sending' | 'success' | 'error';

export const FEEDBACK_SUCCESS_MESSAGE = 'Feedback Submitted Successfully!';
export const FEEDBACK_FAILURE: TitledMessage = {
  title: 'Submission Failed',
  message: "Sorry, we couldn't submit your feedback. Please try again or contact us directly.",
};

export const FEEDBACK_ERRORS = {
  category: 'Please choose a category',
  name: 'Name is required',
  email: 'Email is required',
  emailFormat: 'Please enter a valid email address',
  subject: 'Subject is required',
  message: 'Message is required',
  rating: 'Rating must be between 0 and 5',
} as const;

export interface FeedbackFormInput {
  category?: string | null;
  name?: string | null;
  email?: string | null;
  subject?: string | null;
  message?: string | null;
  /** 0 means not rated. */
  rating?: number | null;
  canContact?: boolean | null;
}

export type FeedbackErrors = Partial<
  Record<'category' | 'name' | 'email' | 'subject' | 'message' | 'rating', string>
>;

/** Deliberately loose: one @, a dot in the domain, no spaces. Real checking is the reply reaching the user. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** Field errors keyed by field; an empty object means the form can be sent. */
export function validateFeedback(form: FeedbackFormInput): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!(FEEDBACK_CATEGORY_VALUES as readonly string[]).includes(form.category ?? ''))
    errors.category = FEEDBACK_ERRORS.category;
  if (blank(form.name)) errors.name = FEEDBACK_ERRORS.name;
  if (blank(form.email)) errors.email = FEEDBACK_ERRORS.email;
  else if (!isValidEmail(form.email ?? '')) errors.email = FEEDBACK_ERRORS.emailFormat;
  if (blank(form.subject)) errors.subject = FEEDBACK_ERRORS.subject;
  if (blank(form.message)) errors.message = FEEDBACK_ERRORS.message;
  const rating = form.rating;
  if (rating != null && !(Number.isInteger(rating) && rating >= MIN_RATING && rating <= MAX_RATING)) {
    errors.rating = FEEDBACK_ERRORS.rating;
  }
  return errors;
}

/** 'n/500 characters', counting characters as a reader sees them (an emoji counts once). */
export function feedbackCounter(message: string | null | undefined): string {
  return `${Array.from(message ?? '').length}/${FEEDBACK_MESSAGE_COUNTER_MAX} characters`;
}

/** The label for a star rating; null for 0 (not rated) or anything outside 1-5. */
export function ratingLabel(rating: number | null | undefined): string | null {
  if (rating === 1 || rating === 2 || rating === 3 || rating === 4 || rating === 5)
    return RATING_LABELS[rating];
  return null;
}
