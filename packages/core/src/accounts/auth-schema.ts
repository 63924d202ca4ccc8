import { z } from 'zod';
import { AUTH_FIELD_ERRORS, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-fields.ts';
import { EmailSchema, PhoneSchema, blankToUndefined } from '../shared/index.ts';

export { AUTH_FIELD_ERRORS, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-fields.ts';

/**
 * Request bodies of the auth routes (SPEC 7). SPEC 5 shows no password strength rules on the client; the
 * server still enforces NIST SP 800-63B's floor of 8 characters for new passwords, and a ceiling so that
 * hashing cost stays bounded. Login only checks presence, so it never hints at the rules.
 */

/** Passwords are never trimmed: spaces are legitimate characters of a passphrase. */
export const NewPasswordSchema = z
  .string(AUTH_FIELD_ERRORS.password)
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const CurrentPasswordSchema = z
  .string(AUTH_FIELD_ERRORS.password)
  .min(1, AUTH_FIELD_ERRORS.password)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const OtpSchema = z
  .string('OTP is required')
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), AUTH_FIELD_ERRORS.otp);

export const LoginBodySchema = z.object({ phone: PhoneSchema, password: CurrentPasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = z.object({
  name: z
    .string(AUTH_FIELD_ERRORS.name)
    .trim()
    .min(1, AUTH_FIELD_ERRORS.name)
    .max(100, 'Name must be at most 100 characters'),
  phone: PhoneSchema,
  password: NewPasswordSchema,
  email: z.preprocess(blankToUndefined, EmailSchema.optional()),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const VerifySignupBodySchema = z.object({ phone: PhoneSchema, otp: OtpSchema });
export type VerifySignupBody = z.infer<typeof VerifySignupBodySchema>;

export const ForgotPasswordBodySchema = z.object({ phone: PhoneSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const VerifyForgotPasswordBodySchema = z.object({ phone: PhoneSchema, otp: OtpSchema });
export type VerifyForgotPasswordBody = z.infer<typeof VerifyForgotPasswordBodySchema>;

/** SPEC 7: `data.token` of verify-forgot-password is the reset token. */
export const ResetTokenResultSchema = z.object({ token: z.string().min(1) });
export type ResetTokenResult = z.infer<typeof ResetTokenResultSchema>;

export const ResetPasswordBodySchema = z.object({
  token: z.string('Reset token is required').trim().min(1, 'Reset token is required').max(512),
  newPassword: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const OTP_TYPES = ['signup', 'password_reset'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

export const ResendOtpBodySchema = z.object({ phone: PhoneSchema, type: z.enum(OTP_TYPES) });
export type ResendOtpBody = z.infer<typeof ResendOtpBodySchema>;

export const RefreshTokenBodySchema = z.object({
  refreshToken: z.string('Refresh token is required').trim().min(1, 'Refresh token is required').max(512),
});
export type RefreshTokenBody = z.infer<typeof RefreshTokenBodySchema>;

/** API-CONTRACT development outbox: `GET /dev/outbox?phone=`. */
export const DevOutboxQuerySchema = z.object({ phone: PhoneSchema });
export type DevOutboxQuery = z.infer<typeof DevOutboxQuerySchema>;

export const DevOutboxMessageSchema = z.object({
  to: z.string(),
  channel: z.string(),
  template: z.string(),
  code: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DevOutboxMessage = z.infer<typeof DevOutboxMessageSchema>;

/** Newest first. */
export const DevOutboxResultSchema = z.object({ messages: z.array(DevOutboxMessageSchema) });
export type DevOutboxResult = z.infer<typeof DevOutboxResultSchema>;
