/** Feedback form rules (SPEC 5 'Feedback', SPEC 4 'Display rules', SPEC 8 'Feedback', SPEC 9). */
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_COUNTER_LIMIT,
  FEEDBACK_ERRORS,
  NOT_RATED,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
} from './feedback-catalogue.ts';
import type { RatingValue } from './feedback-catalogue.ts';
import type { TitledMessage } from '../text/index.ts';

export type FeedbackSubmitState = 'idle' | 'sending' | 'success' | 'error';

export const FEEDBACK_SUCCESS_MESSAGE = 'Feedback Submitted Successfully!';
export const FEEDBACK_FAILURE: TitledMessage = {
  title: 'Submission Failed',
  message: "Sorry, we couldn't submit your feedback. Please try again or contact us directly.",
};

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
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(form.category ?? ''))
    errors.category = FEEDBACK_ERRORS.category;
  if (blank(form.name)) errors.name = FEEDBACK_ERRORS.name;
  const email = (form.email ?? '').trim();
  if (email === '') errors.email = FEEDBACK_ERRORS.email;
  else if (!isValidEmail(email)) errors.email = FEEDBACK_ERRORS.emailFormat;
  if (blank(form.subject)) errors.subject = FEEDBACK_ERRORS.subject;
  if (blank(form.message)) errors.message = FEEDBACK_ERRORS.message;
  const rating = form.rating;
  if (rating != null && !(Number.isInteger(rating) && rating >= NOT_RATED && rating <= RATING_MAX)) {
    errors.rating = FEEDBACK_ERRORS.rating;
  }
  return errors;
}

/** 'n/500 characters', counting characters as a reader sees them (an emoji counts once). */
export function feedbackCounter(message: string | null | undefined): string {
  return `${Array.from(message ?? '').length}/${FEEDBACK_COUNTER_LIMIT} characters`;
}

/** The label for a star rating; null for 0 (not rated) or anything outside 1-5. */
export function ratingLabel(rating: number | null | undefined): string | null {
  if (rating == null || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) return null;
  return RATING_LABELS[rating as RatingValue];
}
