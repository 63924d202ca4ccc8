import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_CODE, DEFAULT_DIAL_CODE } from './countries.ts';
import { PhoneSchema } from './common.ts';
import {
  INVALID_PHONE_MESSAGE,
  composePhone,
  dialCodeOf,
  normalisePhone,
  toE164,
  validatePhone,
} from './phone.ts';

describe('composePhone', () => {
  it('puts the dial code before the typed digits', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+268');
    expect(composePhone('+268', '7612 3456')).toBe('+26876123456');
    expect(composePhone('268', '76-12-34-56')).toBe('+26876123456');
  });

  it('drops the domestic leading 0', () => {
    expect(composePhone('+27', '082 123 4567')).toBe('+27821234567');
    expect(composePhone('+44', '07700 900123')).toBe('+447700900123');
  });

  it('keeps the leading 0 where it is part of the number', () => {
    expect(composePhone('+39', '06 1234 5678')).toBe('+390612345678');
  });

  it('keeps an already international number', () => {
    expect(composePhone('+268', '+27 82 123 4567')).toBe('+27821234567');
    expect(composePhone('+268', '0027821234567')).toBe('+27821234567');
  });

  it('falls back to the default dial code when none is given', () => {
    expect(composePhone('', '76123456')).toBe('+26876123456');
  });
});

describe('validatePhone', () => {
  it('accepts valid numbers for their country', () => {
    expect(validatePhone('+26876123456', 'SZ')).toBe(true);
    expect(validatePhone('+27821234567', 'ZA')).toBe(true);
    expect(validatePhone('+12025550123', 'US')).toBe(true);
    expect(validatePhone('+26876123456', 'sz')).toBe(true);
    expect(validatePhone('+26876123456')).toBe(true);
  });

  it('refuses invalid numbers and other countries', () => {
    expect(validatePhone('+2687612345', 'SZ')).toBe(false);
    expect(validatePhone('+27821234567', 'SZ')).toBe(false);
    expect(validatePhone('hello')).toBe(false);
    expect(validatePhone('', 'SZ')).toBe(false);
    expect(validatePhone('+26876123456', 'XX')).toBe(false);
    expect(INVALID_PHONE_MESSAGE).toBe('Please enter a valid phone number');
  });
});

describe('toE164 and dialCodeOf', () => {
  it('formats valid numbers', () => {
    expect(toE164('+268 7612 3456')).toBe('+26876123456');
    expect(toE164('082 123 4567', 'ZA')).toBe('+27821234567');
    expect(toE164('123', 'ZA')).toBeNull();
  });

  it('gives dial codes', () => {
    expect(dialCodeOf(DEFAULT_COUNTRY_CODE)).toBe(DEFAULT_DIAL_CODE);
    expect(dialCodeOf('SZ')).toBe('+268');
    expect(dialCodeOf('us')).toBe('+1');
    expect(dialCodeOf('XX')).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('drops spaces, dashes, dots and brackets and reads 00 as +', () => {
    expect(normalisePhone(' +268 7600 0002 ')).toBe('+26876000002');
    expect(normalisePhone('+268-7600-0002')).toBe('+26876000002');
    expect(normalisePhone('00268 (7600) 00.02')).toBe('+26876000002');
    expect(normalisePhone('+268 76OO 0002')).toBe('+26876OO0002');
  });

  it('lets the phone schema accept the spaced forms', () => {
    for (const typed of ['+268 7600 0002', '+268-7600-0002', '00268 7600 0002']) {
      expect(PhoneSchema.parse(typed)).toBe('+26876000002');
    }
    expect(PhoneSchema.safeParse('+268 76OO 0002').success).toBe(false);
  });
});
