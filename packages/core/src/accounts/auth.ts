/** Authentication rules and texts (SPEC 4 'Auth flow', SPEC 5 'Authentication', SPEC 8 'Authentication', SPEC 9). */
import { AUTH_FIELD_ERRORS, OTP_LENGTH } from './auth-fields.ts';

export const AUTH_MESSAGES = {
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
} as const;

export const NETWORK_ERROR = 'Network error';

export function requestFailedMessage(status: number): string {
  return `Request failed (${status})`;
}

/** Keeps digits only and at most 6 of them, so pasted codes with spaces or dashes still work. */
export function sanitiseOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

const COMPLETE_OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function isCompleteOtp(otp: string): boolean {
  return COMPLETE_OTP.test(otp);
}

/** null when they match; compared exactly, since a password's spaces are part of it. */
export function passwordsMatch(password: string, confirm: string): string | null {
  return password === confirm ? null : AUTH_MESSAGES.passwordsDoNotMatch;
}

export type AuthFieldErrors = Partial<
  Record<'name' | 'phone' | 'password' | 'confirmPassword' | 'otp', string>
>;

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

export interface LoginFormInput {
  phone?: string | null;
  password?: string | null;
}

export interface SignupFormInput extends LoginFormInput {
  name?: string | null;
  confirmPassword?: string | null;
}

/** Phone and password are required; a password is not trimmed, but one made only of spaces counts as empty. */
export function validateLogin(form: LoginFormInput): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  if (blank(form.phone)) errors.phone = AUTH_FIELD_ERRORS.phone;
  if (blank(form.password)) errors.password = AUTH_FIELD_ERRORS.password;
  return errors;
}

/** Name, phone and password are required, and the confirmation must match (SPEC 5). */
export function validateSignup(form: SignupFormInput): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  if (blank(form.name)) errors.name = AUTH_FIELD_ERRORS.name;
  Object.assign(errors, validateLogin(form));
  const mismatch = passwordsMatch(form.password ?? '', form.confirmPassword ?? '');
  if (mismatch && !errors.password) errors.confirmPassword = mismatch;
  return errors;
}

/** The reset form: a new password and a matching confirmation. */
export function validateResetPassword(newPassword: string, confirmPassword: string): AuthFieldErrors {
  if (blank(newPassword)) return { password: AUTH_FIELD_ERRORS.password };
  const mismatch = passwordsMatch(newPassword, confirmPassword);
  return mismatch ? { confirmPassword: mismatch } : {};
}

/** An OTP field is valid when it holds exactly 6 digits. */
export function validateOtp(otp: string): AuthFieldErrors {
  return isCompleteOtp(otp) ? {} : { otp: AUTH_FIELD_ERRORS.otp };
}

/**
 * The expired-token test that triggers one refresh and retry (SPEC 8): the message contains
 * 'Invalid or expired token', or both 'token' and 'expired', or 'Unauthorized'; all case-insensitive.
 */
export function isTokenExpiredError(message: string | null | undefined): boolean {
  const text = (message ?? '').toLowerCase();
  if (text.includes('invalid or expired token')) return true;
  if (text.includes('token') && text.includes('expired')) return true;
  return text.includes('unauthorized');
}

export interface ParsedAuthResponse<U = unknown> {
  user: U;
  accessToken: string;
  refreshToken: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** Responses arrive either as the envelope's data field or as the whole body (SPEC 7). */
function candidates(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body)) return [];
  return isRecord(body.data) ? [body.data, body] : [body];
}

/**
 * Reads a login or verify-signup response: user, token or accessToken, refreshToken or refresh_token.
 * Returns null when any is missing.
 */
export function parseAuthResponse<U = unknown>(body: unknown): ParsedAuthResponse<U> | null {
  for (const record of candidates(body)) {
    const user = record.user;
    const accessToken = firstString(record, ['accessToken', 'token']);
    const refreshToken = firstString(record, ['refreshToken', 'refresh_token']);
    if (isRecord(user) && accessToken && refreshToken) return { user: user as U, accessToken, refreshToken };
  }
  return null;
}

/** As parseAuthResponse, but throws 'Invalid response from server' so the auth screen shows it. */
export function readAuthResponse<U = unknown>(body: unknown): ParsedAuthResponse<U> {
  const session = parseAuthResponse<U>(body);
  if (!session) throw new Error(AUTH_MESSAGES.invalidResponse);
  return session;
}

/** The access token from a refresh response: data.accessToken, accessToken or token; null when absent. */
export function readRefreshedAccessToken(body: unknown): string | null {
  if (isRecord(body) && body.success === false) return null;
  for (const record of candidates(body)) {
    const token = firstString(record, ['accessToken', 'token']);
    if (token) return token;
  }
  return null;
}

/** The rotated refresh token, when the server sent one with the new access token. */
export function readRefreshedRefreshToken(body: unknown): string | null {
  for (const record of candidates(body)) {
    const token = firstString(record, ['refreshToken', 'refresh_token']);
    if (token) return token;
  }
  return null;
}

/** The reset token from verify-forgot-password: data.token (SPEC 7), or token on an unwrapped body. */
export function readResetToken(body: unknown): string | null {
  for (const record of candidates(body)) {
    const token = firstString(record, ['token', 'resetToken']);
    if (token) return token;
  }
  return null;
}
