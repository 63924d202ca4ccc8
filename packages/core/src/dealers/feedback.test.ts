import { describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORIES, FEEDBACK_ERRORS } from './feedback-catalogue.ts';
import {
  FEEDBACK_FAILURE,
  FEEDBACK_SUCCESS_MESSAGE,
  feedbackCounter,
  isValidEmail,
  ratingLabel,
  validateFeedback,
} from './feedback.ts';
import { titledText } from '../text/index.ts';

const valid = {
  category: 'bug',
  name: 'Sipho',
  email: 'sipho@example.com',
  subject: 'Video stutters',
  message: 'The feed video stutters on my phone.',
};

describe('validateFeedback', () => {
  it('passes a complete form with no rating', () => {
    expect(validateFeedback(valid)).toEqual({});
    expect(validateFeedback({ ...valid, rating: 0 })).toEqual({});
    expect(validateFeedback({ ...valid, rating: 5 })).toEqual({});
    expect(validateFeedback({ ...valid, rating: null })).toEqual({});
  });

  it('requires every field but the rating', () => {
    expect(validateFeedback({})).toEqual({
      category: 'Please choose a category',
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(validateFeedback({ ...valid, name: '  ', subject: ' ' })).toEqual({
      name: FEEDBACK_ERRORS.name,
      subject: FEEDBACK_ERRORS.subject,
    });
  });

  it('accepts only the listed categories', () => {
    for (const category of FEEDBACK_CATEGORIES) {
      expect(validateFeedback({ ...valid, category })).not.toHaveProperty('category');
    }
    expect(validateFeedback({ ...valid, category: 'other' }).category).toBe(FEEDBACK_ERRORS.category);
  });

  it('checks the email format', () => {
    expect(validateFeedback({ ...valid, email: 'not-an-email' }).email).toBe('Enter a valid email address');
    expect(isValidEmail(' a@b.co ')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.de')).toBe(false);
  });

  it('keeps the rating within 0 to 5', () => {
    expect(validateFeedback({ ...valid, rating: -1 }).rating).toBe('Rating must be between 0 and 5');
    expect(validateFeedback({ ...valid, rating: 6 }).rating).toBe(FEEDBACK_ERRORS.rating);
    expect(validateFeedback({ ...valid, rating: 2.5 }).rating).toBe(FEEDBACK_ERRORS.rating);
  });
});

describe('counter, labels and texts', () => {
  it("counts 'n/500 characters' without enforcing it", () => {
    expect(feedbackCounter('')).toBe('0/500 characters');
    expect(feedbackCounter(undefined)).toBe('0/500 characters');
    expect(feedbackCounter('hello')).toBe('5/500 characters');
    expect(feedbackCounter('x'.repeat(501))).toBe('501/500 characters');
    expect(feedbackCounter('👍')).toBe('1/500 characters');
  });

  it('labels ratings 1 to 5', () => {
    expect(ratingLabel(1)).toBe('Poor');
    expect(ratingLabel(4)).toBe('Very Good');
    expect(ratingLabel(5)).toBe('Excellent');
    expect(ratingLabel(0)).toBeNull();
    expect(ratingLabel(6)).toBeNull();
    expect(ratingLabel(null)).toBeNull();
    expect(ratingLabel(2.5)).toBeNull();
  });

  it('pins the submit texts', () => {
    expect(FEEDBACK_SUCCESS_MESSAGE).toBe('Feedback Submitted Successfully!');
    expect(titledText(FEEDBACK_FAILURE)).toBe(
      "Submission Failed - Sorry, we couldn't submit your feedback. Please try again or contact us directly.",
    );
  });
});
