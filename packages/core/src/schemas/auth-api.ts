/** Request bodies of the auth and countries calls (SPEC 7 'Auth', 'Countries'), shared by the API and its clients. */
import { z } from 'zod';
import { AUTH_FIELD_ERRORS, OTP_TYPES } from '../rules/auth.ts';
import { INVALID_PHONE_MESSAGE, toE164 } from '../rules/phone.ts';

/** NIST 800-63B: at least 8 characters; the upper bound keeps password hashing from being used as a DoS lever. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A phone number in international form, valid for the country its dial code names (libphonenumber metadata);
 * answered in E.164 so that one person always maps to one account.
 */
export const PhoneSchema = z
  .string({ error: AUTH_FIELD_ERRORS.phone })
  .trim()
  .min(1, AUTH_FIELD_ERRORS.phone)
  .max(32, INVALID_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** Sign-in takes whatever was typed: a malformed number simply matches no account. */
const LoginPhoneSchema = z
  .string({ error: AUTH_FIELD_ERRORS.phone })
  .trim()
  .min(1, AUTH_FIELD_ERRORS.phone)
  .max(32, INVALID_PHONE_MESSAGE)
  .transform((value) => toE164(value) ?? value);

export const NewPasswordSchema = z
  .string({ error: AUTH_FIELD_ERRORS.password })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => value.trim() !== '', AUTH_FIELD_ERRORS.password);

export const OtpCodeSchema = z.string({ error: AUTH_FIELD_ERRORS.otp }).regex(/^\d{6}$/, AUTH_FIELD_ERRORS.otp);

export const SignupBodySchema = z.object({
  name: z
    .string({ error: AUTH_FIELD_ERRORS.name })
    .trim()
    .min(1, AUTH_FIELD_ERRORS.name)
    .max(100, 'Name must be at most 100 characters'),
  phone: PhoneSchema,
  password: NewPasswordSchema,
  email: z
    .union([z.literal('').transform(() => undefined), z.email('Please enter a valid email address').max(254)])
    .optional()
    .nullable()
    .transform((value) => value ?? undefined),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({
  phone: LoginPhoneSchema,
  password: z.string({ error: AUTH_FIELD_ERRORS.password }).min(1, AUTH_FIELD_ERRORS.password).max(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const VerifyOtpBodySchema = z.object({ phone: PhoneSchema, otp: OtpCodeSchema });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBodySchema>;

export const PhoneBodySchema = z.object({ phone: PhoneSchema });

export const ResendOtpBodySchema = z.object({
  phone: PhoneSchema,
  type: z.enum(OTP_TYPES, { error: "type must be 'signup' or 'password_reset'" }),
});
export type ResendOtpBody = z.infer<typeof ResendOtpBodySchema>;

const OpaqueTokenSchema = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(512);

export const ResetPasswordBodySchema = z.object({ token: OpaqueTokenSchema, newPassword: NewPasswordSchema });
export const RefreshTokenBodySchema = z.object({ refreshToken: OpaqueTokenSchema });
export const LogoutBodySchema = z.object({ refreshToken: OpaqueTokenSchema.optional() }).optional();

export const FormatPriceBodySchema = z.object({
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .finite('amount must be a number')
    .min(0, 'amount must not be negative')
    .max(1e12, 'amount is too large'),
  countryCode: z
    .string({ error: 'countryCode is required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter country code')
    .transform((value) => value.toUpperCase()),
});
