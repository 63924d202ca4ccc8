/**
 * Auth request bodies whose phone must be a real number of its country (libphonenumber metadata), not only
 * E.164-shaped as common.ts's PhoneSchema checks: sign-up, code checks and code requests. Answered as E.164 so
 * one person always maps to one account. The other auth bodies are auth.ts's.
 */
import { z } from 'zod';
import { INVALID_PHONE_MESSAGE, normalisePhone, toE164 } from '../shared/index.ts';
import { NewPasswordSchema, OTP_TYPES, OtpSchema } from './auth-schema.ts';
import { blankToUndefined, requiredText } from '../shared/index.ts';

export const CountryPhoneSchema = z
  .string('Phone number is required')
  .trim()
  .min(1, 'Phone number is required')
  .max(32, INVALID_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const e164 = toE164(normalisePhone(value));
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

export const SignupRequestSchema = z.object({
  name: requiredText('Name', 100),
  phone: CountryPhoneSchema,
  password: NewPasswordSchema,
  email: z.preprocess(blankToUndefined, z.email('Enter a valid email address').max(254).optional()),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const OtpCheckRequestSchema = z.object({ phone: CountryPhoneSchema, otp: OtpSchema });
export type OtpCheckRequest = z.infer<typeof OtpCheckRequestSchema>;

/**
 * verify-signup: the code, and optionally the name and password of the sign-up form the code holder filled in.
 * Given, they are the account's: whoever proves the phone decides its password, whatever a sign-up by someone
 * else left pending.
 */
export const VerifySignupRequestSchema = OtpCheckRequestSchema.extend({
  name: requiredText('Name', 100).optional(),
  password: NewPasswordSchema.optional(),
});
export type VerifySignupRequest = z.infer<typeof VerifySignupRequestSchema>;

export const PhoneRequestSchema = z.object({ phone: CountryPhoneSchema });

export const ResendOtpRequestSchema = z.object({
  phone: CountryPhoneSchema,
  type: z.enum(OTP_TYPES, "type must be 'signup' or 'password_reset'"),
});
export type ResendOtpRequest = z.infer<typeof ResendOtpRequestSchema>;

/** Logout may carry the refresh token of the session to end; without one, the caller's current session ends. */
export const LogoutRequestSchema = z
  .object({ refreshToken: z.string().trim().min(1).max(512).optional() })
  .nullish();
