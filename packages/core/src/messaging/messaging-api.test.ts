import { describe, expect, it } from 'vitest';
import {
  ConversationOpenBodySchema,
  ConversationReportBodySchema,
  IdempotencyKeySchema,
} from './messaging-api.ts';

describe('messaging request schemas', () => {
  it('opens a conversation with a participant and an optional car', () => {
    expect(ConversationOpenBodySchema.parse({ participantId: 'abc-1', carId: '' })).toEqual({
      participantId: 'abc-1',
    });
    expect(ConversationOpenBodySchema.parse({ participantId: 'abc', carId: 'car_2' })).toEqual({
      participantId: 'abc',
      carId: 'car_2',
    });
    expect(ConversationOpenBodySchema.safeParse({ participantId: 'undefined' }).success).toBe(false);
    expect(ConversationOpenBodySchema.safeParse({}).success).toBe(false);
  });

  it('trims a report reason and requires one', () => {
    expect(ConversationReportBodySchema.parse({ reason: '  spam ' })).toEqual({ reason: 'spam' });
    expect(ConversationReportBodySchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(ConversationReportBodySchema.safeParse({ reason: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('accepts Idempotency-Key values of 1 to 128 characters', () => {
    expect(IdempotencyKeySchema.safeParse('k').success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('k'.repeat(128)).success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('').success).toBe(false);
    expect(IdempotencyKeySchema.safeParse('k'.repeat(129)).success).toBe(false);
  });
});
