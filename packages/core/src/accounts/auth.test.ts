import { describe, expect, it } from 'vitest';
import { AUTH_FIELD_ERRORS, OTP_LENGTH, OTP_TYPES } from './auth-schema.ts';
import {
  AUTH_MESSAGES,
  NETWORK_ERROR,
  isCompleteOtp,
  isTokenExpiredError,
  parseAuthResponse,
  passwordsMatch,
  readAuthResponse,
  readRefreshedAccessToken,
  readRefreshedRefreshToken,
  readResetToken,
  requestFailedMessage,
  sanitiseOtp,
  validateLogin,
  validateOtp,
  validateResetPassword,
  validateSignup,
} from './auth.ts';

describe('texts', () => {
  it('pins every SPEC 8 and flow text', () => {
    expect(AUTH_MESSAGES).toEqual({
      loginFailed: 'Login failed',
      signupFailed: 'Signup failed',
      otpVerificationFailed: 'OTP verification failed',
      sendOtpFailed: 'Failed to send OTP',
      resendOtpFailed: 'Failed to resend OTP',
      passwordResetFailed: 'Password reset failed',
      passwordsDoNotMatch: 'Passwords do not match',
      invalidResponse: 'Invalid response from server',
      registrationFailed: 'Registration failed',
      sendResetCodeFailed: 'Failed to send reset code',
      refreshUserFailed: 'Failed to refresh user data',
      verificationCodeSent: 'Verification code sent to your phone',
      accountCreated: 'Account created successfully!',
      otpSent: 'OTP sent to your phone',
      otpVerified: 'OTP verified. Enter your new password.',
      passwordResetDone: 'Password reset successfully! You can now sign in.',
      newCodeSent: 'New verification code sent',
    });
    expect(NETWORK_ERROR).toBe('Network error');
    expect(requestFailedMessage(500)).toBe('Request failed (500)');
    expect(requestFailedMessage(404)).toBe('Request failed (404)');
    expect(OTP_TYPES).toEqual(['signup', 'password_reset']);
  });
});

describe('OTP', () => {
  it('strips non-digits and keeps at most 6', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(sanitiseOtp('12a3-4 5')).toBe('12345');
    expect(sanitiseOtp('123456')).toBe('123456');
    expect(sanitiseOtp('1234567')).toBe('123456');
    expect(sanitiseOtp('abc')).toBe('');
  });

  it('is complete at exactly 6 digits', () => {
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('1234567')).toBe(false);
    expect(validateOtp('12345')).toEqual({ otp: AUTH_FIELD_ERRORS.otp });
    expect(validateOtp('123456')).toEqual({});
  });
});

describe('forms', () => {
  it('matches passwords exactly', () => {
    expect(passwordsMatch('secret', 'secret')).toBeNull();
    expect(passwordsMatch('secret', 'Secret')).toBe('Passwords do not match');
    expect(passwordsMatch('secret ', 'secret')).toBe('Passwords do not match');
  });

  it('validates login', () => {
    expect(validateLogin({ phone: '+26876123456', password: 'pw' })).toEqual({});
    expect(validateLogin({})).toEqual({
      phone: AUTH_FIELD_ERRORS.phone,
      password: AUTH_FIELD_ERRORS.password,
    });
    expect(validateLogin({ phone: ' ', password: '   ' })).toEqual({
      phone: 'Phone number is required',
      password: 'Password is required',
    });
  });

  it('validates signup', () => {
    const ok = { name: 'Nomsa', phone: '+26876123456', password: 'pw', confirmPassword: 'pw' };
    expect(validateSignup(ok)).toEqual({});
    expect(validateSignup({ ...ok, name: ' ' })).toEqual({ name: 'Full name is required' });
    expect(validateSignup({ ...ok, confirmPassword: 'px' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateSignup({})).toEqual({
      name: AUTH_FIELD_ERRORS.name,
      phone: AUTH_FIELD_ERRORS.phone,
      password: AUTH_FIELD_ERRORS.password,
    });
  });

  it('validates the reset form', () => {
    expect(validateResetPassword('new', 'new')).toEqual({});
    expect(validateResetPassword('new', 'old')).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateResetPassword('', '')).toEqual({ password: AUTH_FIELD_ERRORS.password });
  });
});

describe('isTokenExpiredError', () => {
  it('recognises the SPEC patterns in any case', () => {
    expect(isTokenExpiredError('Invalid or expired token')).toBe(true);
    expect(isTokenExpiredError('error: INVALID OR EXPIRED TOKEN')).toBe(true);
    expect(isTokenExpiredError('Token has expired')).toBe(true);
    expect(isTokenExpiredError('jwt expired: token')).toBe(true);
    expect(isTokenExpiredError('Unauthorized')).toBe(true);
    expect(isTokenExpiredError('401 unauthorized')).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isTokenExpiredError('Invalid token')).toBe(false);
    expect(isTokenExpiredError('Session expired')).toBe(false);
    expect(isTokenExpiredError('Forbidden')).toBe(false);
    expect(isTokenExpiredError('')).toBe(false);
    expect(isTokenExpiredError(null)).toBe(false);
    expect(isTokenExpiredError(undefined)).toBe(false);
  });
});

describe('auth responses', () => {
  const user = { id: 'u1', name: 'Nomsa' };

  it('reads token or accessToken, and refreshToken or refresh_token', () => {
    expect(readAuthResponse({ user, token: 'a', refreshToken: 'r' })).toEqual({
      user,
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(readAuthResponse({ user, accessToken: 'a', refresh_token: 'r' })).toEqual({
      user,
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('reads inside the data envelope', () => {
    expect(parseAuthResponse({ success: true, data: { user, accessToken: 'a', refreshToken: 'r' } })).toEqual(
      {
        user,
        accessToken: 'a',
        refreshToken: 'r',
      },
    );
    expect(parseAuthResponse({ data: { message: 'hi' }, user, token: 'a', refresh_token: 'r' })).toEqual({
      user,
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it("rejects incomplete responses with 'Invalid response from server'", () => {
    expect(parseAuthResponse({ user, token: 'a' })).toBeNull();
    expect(parseAuthResponse({ token: 'a', refreshToken: 'r' })).toBeNull();
    expect(parseAuthResponse({ user, refreshToken: 'r' })).toBeNull();
    expect(parseAuthResponse({ user: 'x', token: 'a', refreshToken: 'r' })).toBeNull();
    expect(parseAuthResponse({ user, token: '', refreshToken: 'r' })).toBeNull();
    expect(parseAuthResponse(null)).toBeNull();
    expect(parseAuthResponse([user])).toBeNull();
    expect(() => readAuthResponse({})).toThrow('Invalid response from server');
  });

  it('reads refresh responses', () => {
    expect(readRefreshedAccessToken({ success: true, data: { accessToken: 'a' } })).toBe('a');
    expect(readRefreshedAccessToken({ success: true, accessToken: 'b' })).toBe('b');
    expect(readRefreshedAccessToken({ token: 'c' })).toBe('c');
    expect(readRefreshedAccessToken({ success: false, accessToken: 'a' })).toBeNull();
    expect(readRefreshedAccessToken({ success: true })).toBeNull();
    expect(readRefreshedAccessToken('nope')).toBeNull();
    expect(readRefreshedRefreshToken({ data: { refreshToken: 'r2' } })).toBe('r2');
    expect(readRefreshedRefreshToken({ refresh_token: 'r3' })).toBe('r3');
    expect(readRefreshedRefreshToken({})).toBeNull();
  });

  it('reads the reset token', () => {
    expect(readResetToken({ success: true, data: { token: 't' } })).toBe('t');
    expect(readResetToken({ resetToken: 't2' })).toBe('t2');
    expect(readResetToken({ data: {} })).toBeNull();
  });
});
