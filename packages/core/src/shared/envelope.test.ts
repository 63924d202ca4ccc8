import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, successEnvelope } from './envelope.ts';

describe('successEnvelope', () => {
  const Envelope = successEnvelope(z.object({ updated: z.number() }));

  it('wraps data with success true', () => {
    expect(Envelope.parse({ success: true, data: { updated: 2 } })).toEqual({
      success: true,
      data: { updated: 2 },
    });
  });

  it('refuses success false and bad data', () => {
    expect(Envelope.safeParse({ success: false, data: { updated: 2 } }).success).toBe(false);
    expect(Envelope.safeParse({ success: true, data: { updated: 'x' } }).success).toBe(false);
  });

  it('can be encoded, as the API serialiser does', () => {
    expect(z.encode(Envelope, { success: true, data: { updated: 1 } })).toEqual({
      success: true,
      data: { updated: 1 },
    });
  });
});

describe('ErrorEnvelopeSchema', () => {
  it('accepts the contract shape with and without field errors', () => {
    const base = { success: false, error: 'Invalid input', message: 'Invalid input' };
    expect(ErrorEnvelopeSchema.parse(base)).toEqual(base);
    const withFields = { ...base, errors: [{ field: 'phone', message: 'Required' }] };
    expect(ErrorEnvelopeSchema.parse(withFields)).toEqual(withFields);
  });

  it('refuses success true and missing message', () => {
    expect(ErrorEnvelopeSchema.safeParse({ success: true, error: 'x', message: 'x' }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ success: false, error: 'x' }).success).toBe(false);
    expect(
      ErrorEnvelopeSchema.safeParse({ success: false, error: 'x', message: 'x', errors: [{ field: 'a' }] })
        .success,
    ).toBe(false);
  });
});
