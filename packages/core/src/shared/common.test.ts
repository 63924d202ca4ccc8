import { describe, expect, it } from 'vitest';
import {
  IdParamsSchema,
  IdSchema,
  PAGE_SIZES,
  PhoneSchema,
  TimestampSchema,
  blankOrZeroToUndefined,
  blankToUndefined,
  pageQuerySchema,
  requiredText,
} from './common.ts';

describe('IdSchema', () => {
  it('trims and accepts opaque ids', () => {
    expect(IdSchema.parse(' abc-123_X ')).toBe('abc-123_X');
  });

  it.each(['', '   ', 'undefined', 'null', 'a/b', 'a b', 'x'.repeat(65)])('refuses %j', (id) => {
    expect(IdSchema.safeParse(id).success).toBe(false);
  });

  it('validates path params', () => {
    expect(IdParamsSchema.parse({ id: ' c1 ' })).toEqual({ id: 'c1' });
    expect(IdParamsSchema.safeParse({ id: 'undefined' }).success).toBe(false);
  });

  it('accepts 64 characters', () => {
    expect(IdSchema.safeParse('x'.repeat(64)).success).toBe(true);
  });
});

describe('PhoneSchema', () => {
  it('trims an E.164 number', () => {
    expect(PhoneSchema.parse(' +26876000001 ')).toBe('+26876000001');
  });

  it('accepts a number typed with spaces or dashes, as E.164', () => {
    expect(PhoneSchema.parse('+268 7600 0001')).toBe('+26876000001');
    expect(PhoneSchema.parse('+268-7600-0001')).toBe('+26876000001');
  });

  it.each(['+12345678', '+123456789012345'])('accepts 8 and 15 digits: %s', (phone) => {
    expect(PhoneSchema.safeParse(phone).success).toBe(true);
  });

  it.each([
    '26876000001',
    '+1234567',
    '+1234567890123456',
    '+0268760000',
    '+268 7600 O001',
    '',
    '+268abc12345',
  ])('refuses %j', (phone) => {
    const result = PhoneSchema.safeParse(phone);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Enter the phone number in international format, e.g. +26876123456',
    );
  });
});

describe('TimestampSchema', () => {
  it('accepts toISOString output and offsets', () => {
    expect(TimestampSchema.safeParse(new Date(0).toISOString()).success).toBe(true);
    expect(TimestampSchema.safeParse('2026-11-22T04:00:00+02:00').success).toBe(true);
  });

  it('refuses dates without time', () => {
    expect(TimestampSchema.safeParse('2026-11-22').success).toBe(false);
  });
});

describe('requiredText', () => {
  const Name = requiredText('Name', 5);

  it('trims', () => {
    expect(Name.parse('  Ann ')).toBe('Ann');
  });

  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    [undefined, 'Name is required'],
    ['abcdef', 'Name must be at most 5 characters'],
  ])('refuses %j with %s', (value, message) => {
    expect(Name.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it('accepts exactly the maximum', () => {
    expect(Name.parse('abcde')).toBe('abcde');
  });
});

describe('blank helpers', () => {
  it('turns blank strings and null into undefined', () => {
    expect(blankToUndefined('')).toBeUndefined();
    expect(blankToUndefined('  ')).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined('x')).toBe('x');
    expect(blankToUndefined(0)).toBe(0);
  });

  it('also treats 0 as no filter', () => {
    expect(blankOrZeroToUndefined(0)).toBeUndefined();
    expect(blankOrZeroToUndefined('0')).toBeUndefined();
    expect(blankOrZeroToUndefined('0.0')).toBeUndefined();
    expect(blankOrZeroToUndefined('')).toBeUndefined();
    expect(blankOrZeroToUndefined(null)).toBeUndefined();
    expect(blankOrZeroToUndefined('5')).toBe('5');
    expect(blankOrZeroToUndefined(7)).toBe(7);
  });
});

describe('pageQuerySchema', () => {
  it('uses the SPEC 9 page sizes', () => {
    expect(PAGE_SIZES).toEqual({ liked: 20, conversations: 20, messages: 50, reviews: 10, comments: 10 });
  });

  it('defaults page 1 and the given limit, also for blank values', () => {
    const q = pageQuerySchema(50);
    expect(q.parse({})).toEqual({ page: 1, limit: 50 });
    expect(q.parse({ page: '', limit: ' ' })).toEqual({ page: 1, limit: 50 });
  });

  it('coerces query strings', () => {
    expect(pageQuerySchema(10).parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
  });

  it('caps limit at 100', () => {
    const q = pageQuerySchema(10);
    expect(q.safeParse({ limit: '100' }).success).toBe(true);
    expect(q.safeParse({ limit: '101' }).success).toBe(false);
  });

  it.each([{ page: '0' }, { page: '-1' }, { page: '1.5' }, { page: 'abc' }, { limit: '0' }])(
    'refuses %j',
    (query) => {
      expect(pageQuerySchema(10).safeParse(query).success).toBe(false);
    },
  );
});
