import { describe, expect, it } from 'vitest';
import {
  CountryPhoneSchema,
  LogoutRequestSchema,
  ResendOtpRequestSchema,
  SignupRequestSchema,
} from './auth-api.ts';

describe('CountryPhoneSchema', () => {
  it('accepts real numbers of their country and answers E.164', () => {
    expect(CountryPhoneSchema.parse(' +26876123456 ')).toBe('+26876123456');
    expect(CountryPhoneSchema.parse('+27 82 123 4567')).toBe('+27821234567');
    expect(CountryPhoneSchema.parse('+1 202 555 0123')).toBe('+12025550123');
  });

  it('refuses numbers that are not valid for the country their dial code names', () => {
    for (const phone of [
      '+26812345678',
      '+27123',
      '26876123456',
      'call me',
      '',
      '+2687612345678901234567890123',
    ]) {
      const result = CountryPhoneSchema.safeParse(phone);
      expect(result.success).toBe(false);
    }
    expect(CountryPhoneSchema.safeParse('+26812345678').error?.issues[0]?.message).toBe(
      'Please enter a valid phone number',
    );
  });
});

describe('SignupRequestSchema', () => {
  it('trims the name, treats a blank email as absent and keeps the password as typed', () => {
    expect(
      SignupRequestSchema.parse({
        name: ' Lindiwe ',
        phone: '+26876123456',
        password: ' pass word ',
        email: '',
      }),
    ).toEqual({ name: 'Lindiwe', phone: '+26876123456', password: ' pass word ' });
  });

  it('requires name, phone and a password of 8 characters or more', () => {
    const result = SignupRequestSchema.safeParse({ name: ' ', phone: '+2681', password: 'short' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'name',
      'password',
      'phone',
    ]);
  });
});

describe('ResendOtpRequestSchema and LogoutRequestSchema', () => {
  it('accepts only the two code types', () => {
    expect(ResendOtpRequestSchema.safeParse({ phone: '+26876123456', type: 'signup' }).success).toBe(true);
    expect(ResendOtpRequestSchema.safeParse({ phone: '+26876123456', type: 'password_reset' }).success).toBe(
      true,
    );
    expect(ResendOtpRequestSchema.safeParse({ phone: '+26876123456', type: 'email' }).success).toBe(false);
  });

  it('lets logout come without a body', () => {
    expect(LogoutRequestSchema.parse(undefined)).toBeUndefined();
    expect(LogoutRequestSchema.parse(null)).toBeNull();
    expect(LogoutRequestSchema.parse({ refreshToken: 'abc' })).toEqual({ refreshToken: 'abc' });
  });
});
