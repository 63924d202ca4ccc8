/**
 * The auth forms' limits and field errors, apart from the schemas that enforce them: the app's start-up reads these
 * texts, and keeping them free of zod keeps the schema library out of the first screen's JavaScript.
 */
/** SPEC 9: OTP length 6. */
export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Errors of the auth forms' required inputs; the SPEC names the fields but not the wording. The API answers
 * with the same texts.
 */
export const AUTH_FIELD_ERRORS = {
  name: 'Full name is required',
  phone: 'Phone number is required',
  password: 'Password is required',
  otp: `Enter the ${OTP_LENGTH}-digit code`,
} as const;
