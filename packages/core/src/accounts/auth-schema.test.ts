import { describe, expect, it } from 'vitest';
import {
  DevOutboxQuerySchema,
  DevOutboxResultSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OTP_LENGTH,
  RefreshTokenBodySchema,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  ResetTokenResultSchema,
  SignupBodySchema,
  VerifyForgotPasswordBodySchema,
  VerifySignupBodySchema,
} from './auth-schema.ts';

const phone = '+26876000003';

function firstMessage(result: { error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('LoginBodySchema', () => {
  it('trims the phone and keeps the password as typed', () => {
    expect(LoginBodySchema.parse({ phone: ` ${phone} `, password: ' pw ' })).toEqual({
      phone,
      password: ' pw ',
    });
  });

  it('needs a password but applies no strength rule', () => {
    expect(firstMessage(LoginBodySchema.safeParse({ phone, password: '' }))).toBe('Password is required');
    expect(firstMessage(LoginBodySchema.safeParse({ phone }))).toBe('Password is required');
    expect(LoginBodySchema.safeParse({ phone, password: 'x' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ phone, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('refuses a local number', () => {
    expect(LoginBodySchema.safeParse({ phone: '76000003', password: 'x' }).success).toBe(false);
  });
});

describe('SignupBodySchema', () => {
  const valid = { name: ' Sipho ', phone, password: 'demo-pass-2026' };

  it('trims the name and treats a blank email as absent', () => {
    expect(SignupBodySchema.parse({ ...valid, email: '' })).toEqual({
      name: 'Sipho',
      phone,
      password: 'demo-pass-2026',
      email: undefined,
    });
  });

  it('checks the email format when given', () => {
    expect(SignupBodySchema.parse({ ...valid, email: 'a@b.co' }).email).toBe('a@b.co');
    expect(firstMessage(SignupBodySchema.safeParse({ ...valid, email: 'nope' }))).toBe(
      'Enter a valid email address',
    );
  });

  it('requires name, phone and password', () => {
    expect(firstMessage(SignupBodySchema.safeParse({ ...valid, name: '   ' }))).toBe('Full name is required');
    expect(SignupBodySchema.safeParse({ name: 'A', password: 'demo-pass-2026' }).success).toBe(false);
    expect(firstMessage(SignupBodySchema.safeParse({ name: 'A', phone }))).toBe('Password is required');
  });

  it('holds new passwords to 8..128 characters', () => {
    expect(SignupBodySchema.safeParse({ ...valid, password: '1234567' }).success).toBe(false);
    expect(SignupBodySchema.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
    expect(SignupBodySchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
    expect(SignupBodySchema.safeParse({ ...valid, password: 'x'.repeat(129) }).success).toBe(false);
  });
});

describe('OTP bodies', () => {
  it('takes exactly six digits', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(VerifySignupBodySchema.parse({ phone, otp: ' 012345 ' }).otp).toBe('012345');
    for (const otp of ['12345', '1234567', '12a456', '', 123456]) {
      expect(VerifySignupBodySchema.safeParse({ phone, otp }).success).toBe(false);
    }
    expect(firstMessage(VerifyForgotPasswordBodySchema.safeParse({ phone, otp: '1' }))).toBe(
      'Enter the 6-digit code',
    );
  });

  it('resends for signup or password_reset only', () => {
    expect(ResendOtpBodySchema.parse({ phone, type: 'signup' }).type).toBe('signup');
    expect(ResendOtpBodySchema.parse({ phone, type: 'password_reset' }).type).toBe('password_reset');
    expect(ResendOtpBodySchema.safeParse({ phone, type: 'login' }).success).toBe(false);
    expect(ResendOtpBodySchema.safeParse({ phone }).success).toBe(false);
  });

  it('forgot-password needs only a phone', () => {
    expect(ForgotPasswordBodySchema.parse({ phone })).toEqual({ phone });
    expect(ForgotPasswordBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('reset and refresh', () => {
  it('resets with a token and a new password', () => {
    expect(ResetPasswordBodySchema.parse({ token: ' t ', newPassword: 'new-pass-1' })).toEqual({
      token: 't',
      newPassword: 'new-pass-1',
    });
    expect(firstMessage(ResetPasswordBodySchema.safeParse({ token: '', newPassword: 'new-pass-1' }))).toBe(
      'Reset token is required',
    );
    expect(ResetPasswordBodySchema.safeParse({ token: 't', newPassword: 'short' }).success).toBe(false);
    expect(ResetTokenResultSchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
  });

  it('refreshes with a non-empty refresh token', () => {
    expect(RefreshTokenBodySchema.parse({ refreshToken: 'r' })).toEqual({ refreshToken: 'r' });
    expect(firstMessage(RefreshTokenBodySchema.safeParse({ refreshToken: '  ' }))).toBe(
      'Refresh token is required',
    );
    expect(firstMessage(RefreshTokenBodySchema.safeParse({}))).toBe('Refresh token is required');
  });
});

describe('development outbox', () => {
  it('is queried by phone and lists sent codes', () => {
    expect(DevOutboxQuerySchema.parse({ phone: ' +26876000003 ' })).toEqual({ phone });
    expect(DevOutboxQuerySchema.safeParse({}).success).toBe(false);
    const entry = {
      to: phone,
      channel: 'whatsapp',
      template: 'signup_otp',
      code: '123456',
      body: 'Your AutoReel code is 123456',
      createdAt: '2026-11-22T04:00:00.000Z',
    };
    expect(DevOutboxResultSchema.parse({ messages: [entry] })).toEqual({ messages: [entry] });
    expect(
      DevOutboxResultSchema.safeParse({ messages: [{ ...entry, createdAt: 'yesterday' }] }).success,
    ).toBe(false);
  });
});
