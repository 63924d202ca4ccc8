import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { assertStorableText } from './plain-text.ts';

describe('assertStorableText', () => {
  it('accepts ordinary text, markup and emoji', () => {
    expect(() => assertStorableText({ comment: '<b>Nice</b> car 🚗', other: undefined })).not.toThrow();
  });

  it('rejects NUL characters with a 400 naming each field', () => {
    try {
      assertStorableText({ name: 'a\u0000b', subject: 'fine', message: '\u0000' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe('invalid-input');
      expect((error as AppError).errors?.map((e) => e.field)).toEqual(['name', 'message']);
    }
  });
});
