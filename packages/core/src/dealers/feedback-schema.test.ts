import { describe, expect, it } from 'vitest';
import { FeedbackBodySchema, FeedbackSchema, FeedbackWebhookPayloadSchema } from './feedback-schema.ts';

const body = {
  category: 'bug',
  name: ' Ann ',
  email: ' ann@example.com ',
  subject: ' Video stalls ',
  message: ' The feed stops after three cars. ',
};

function firstMessage(value: unknown): string | undefined {
  return FeedbackBodySchema.safeParse(value).error?.issues[0]?.message;
}

describe('FeedbackBodySchema', () => {
  it('trims fields and defaults canContact to false', () => {
    expect(FeedbackBodySchema.parse(body)).toEqual({
      category: 'bug',
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Video stalls',
      message: 'The feed stops after three cars.',
      rating: undefined,
      canContact: false,
    });
  });

  it.each(['general', 'bug', 'feature', 'support', 'dealer', 'app', 'suggestion'])(
    'accepts category %s',
    (category) => {
      expect(FeedbackBodySchema.safeParse({ ...body, category }).success).toBe(true);
    },
  );

  it('refuses an unknown category', () => {
    expect(firstMessage({ ...body, category: 'praise' })).toBe('Please choose a category');
  });

  it('requires name, email, subject and message', () => {
    expect(firstMessage({ ...body, name: ' ' })).toBe('Name is required');
    expect(firstMessage({ ...body, email: '' })).toBe('Email is required');
    expect(firstMessage({ ...body, email: 'not-an-email' })).toBe('Enter a valid email address');
    expect(firstMessage({ ...body, subject: undefined })).toBe('Subject is required');
    expect(firstMessage({ ...body, message: '\n' })).toBe('Message is required');
  });

  it('takes an optional 0..5 whole rating', () => {
    for (const rating of [0, 1, 5]) {
      expect(FeedbackBodySchema.parse({ ...body, rating }).rating).toBe(rating);
    }
    expect(FeedbackBodySchema.parse({ ...body, rating: null }).rating).toBeUndefined();
    expect(firstMessage({ ...body, rating: 6 })).toBe('Rating must be between 0 and 5');
    expect(firstMessage({ ...body, rating: -1 })).toBe('Rating must be between 0 and 5');
    expect(firstMessage({ ...body, rating: 2.5 })).toBe('Rating must be a whole number');
  });

  it('does not enforce the 500-character counter', () => {
    expect(FeedbackBodySchema.safeParse({ ...body, message: 'x'.repeat(501) }).success).toBe(true);
    expect(FeedbackBodySchema.safeParse({ ...body, message: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('keeps canContact when given and refuses non-booleans', () => {
    expect(FeedbackBodySchema.parse({ ...body, canContact: true }).canContact).toBe(true);
    expect(FeedbackBodySchema.safeParse({ ...body, canContact: 'yes' }).success).toBe(false);
  });
});

describe('stored feedback and webhook payload', () => {
  const parsed = FeedbackBodySchema.parse({ ...body, rating: 4 });

  it('stores the form with ids and a timestamp', () => {
    const stored = { ...parsed, id: 'f1', _id: 'f1', createdAt: '2026-11-01T10:00:00.000Z' };
    expect(FeedbackSchema.parse(stored)).toEqual(stored);
  });

  it('sends the form plus timestamp, user info and source', () => {
    const payload = {
      ...parsed,
      timestamp: '2026-11-01T10:00:00.000Z',
      userInfo: {
        name: 'Ann',
        phone: '+26876000003',
        role: 'customer',
        accountCreated: '2026-01-01T00:00:00.000Z',
      },
      source: 'autoreel-web',
    };
    expect(FeedbackWebhookPayloadSchema.parse(payload)).toEqual(payload);
    expect(FeedbackWebhookPayloadSchema.parse({ ...payload, userInfo: null }).userInfo).toBeNull();
  });
});
