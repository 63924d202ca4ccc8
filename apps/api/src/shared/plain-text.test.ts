import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { assertStorableText, withoutBidiControls } from './plain-text.ts';

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

describe('withoutBidiControls', () => {
  it('takes out every bidi embedding, override, isolate and mark, and nothing else', () => {
    expect(withoutBidiControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    const marks = ['\u200E', '\u200F', '\u061C'];
    expect(withoutBidiControls(`a${[...controls, ...marks].join('')}b`)).toBe('ab');
    expect(withoutBidiControls('تقرير الخدمة 2024.pdf')).toBe('تقرير الخدمة 2024.pdf');
    expect(withoutBidiControls('Photo 🚗.jpg')).toBe('Photo 🚗.jpg');
  });
});
