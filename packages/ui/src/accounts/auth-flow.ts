import { AUTH_MESSAGES, sanitiseOtp, type AuthFieldErrors, type OtpType } from '@autoreel/core';
import { DEFAULT_COUNTRY } from '@autoreel/core';
import type { Country } from '@autoreel/core';

/** SPEC 2 'Auth screen': the six modes. */
export type AuthMode =
  'login' | 'signup' | 'signup_otp' | 'forgot_password' | 'forgot_password_otp' | 'reset_password';

export const AUTH_TITLES: Record<AuthMode, string> = {
  login: 'Welcome Back',
  signup: 'Join AutoReel',
  signup_otp: 'Verify Your Account',
  forgot_password: 'Reset Your Password',
  forgot_password_otp: 'Verify OTP',
  reset_password: 'Set New Password',
};

export const AUTH_SUBTITLES: Record<AuthMode, string> = {
  login: 'Sign in to like cars, message sellers and manage your listings.',
  signup: 'Create your account to save cars and talk to sellers.',
  signup_otp: 'Enter the 6-digit code we sent on WhatsApp to',
  forgot_password: 'Enter your phone number and we will send you a code on WhatsApp.',
  forgot_password_otp: 'Enter the 6-digit code we sent on WhatsApp to',
  reset_password: 'Choose a new password for your account.',
};

/**
 * Sign-up answers alike for registered numbers (so it tells no one who is registered); their owner gets a WhatsApp
 * message instead of a code, and this line tells them where to go.
 */
export const SIGNUP_OTP_REGISTERED_HINT =
  'Already have an account with this number? We sent a WhatsApp message instead of a code.';

export type AuthField = 'name' | 'phone' | 'password' | 'confirmPassword' | 'otp';

export interface AuthState {
  mode: AuthMode;
  country: Pick<Country, 'name' | 'code' | 'dialCode' | 'flag'>;
  name: string;
  /** The number as typed, without the dial code. */
  phone: string;
  password: string;
  confirmPassword: string;
  otp: string;
  /** The full number the OTP was sent to, shown on the OTP screens. */
  otpPhone: string;
  resetToken: string | null;
  error: string | null;
  notice: string | null;
  fieldErrors: AuthFieldErrors;
  busy: boolean;
}

export type AuthAction =
  | { type: 'field'; field: AuthField; value: string }
  | { type: 'country'; country: AuthState['country'] }
  | { type: 'switch'; mode: 'login' | 'signup' | 'forgot_password' }
  | { type: 'busy' }
  | { type: 'failed'; error: string; fieldErrors?: AuthFieldErrors }
  | { type: 'invalid'; fieldErrors: AuthFieldErrors }
  | { type: 'signupSent'; phone: string }
  | { type: 'signedUp' }
  | { type: 'signedIn' }
  | { type: 'resetCodeSent'; phone: string }
  | { type: 'otpVerified'; token: string }
  | { type: 'passwordReset' }
  | { type: 'codeResent' }
  | { type: 'back' };

export function initialAuthState(mode: AuthMode = 'login'): AuthState {
  return {
    mode,
    country: DEFAULT_COUNTRY,
    name: '',
    phone: '',
    password: '',
    confirmPassword: '',
    otp: '',
    otpPhone: '',
    resetToken: null,
    error: null,
    notice: null,
    fieldErrors: {},
    busy: false,
  };
}

const cleared = { error: null, notice: null, fieldErrors: {}, busy: false } as const;

/** The OTP purpose a resend asks for on each OTP screen (SPEC 4 'Auth flow'). */
export function otpPurpose(mode: AuthMode): OtpType | null {
  if (mode === 'signup_otp') return 'signup';
  if (mode === 'forgot_password_otp') return 'password_reset';
  return null;
}

export function isOtpMode(mode: AuthMode): boolean {
  return otpPurpose(mode) !== null;
}

/** Every transition of SPEC 4 'Auth flow', as a pure function of the screen's state. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'field': {
      const value = action.field === 'otp' ? sanitiseOtp(action.value) : action.value;
      const fieldErrors = { ...state.fieldErrors };
      delete fieldErrors[action.field];
      return { ...state, [action.field]: value, fieldErrors, error: null };
    }
    case 'country':
      return { ...state, country: action.country };
    case 'switch':
      return {
        ...state,
        ...cleared,
        mode: action.mode,
        password: '',
        confirmPassword: '',
        otp: '',
        resetToken: null,
      };
    case 'busy':
      return { ...state, busy: true, error: null, notice: null };
    case 'failed':
      return {
        ...state,
        busy: false,
        error: action.error,
        fieldErrors: action.fieldErrors ?? {},
        notice: null,
      };
    case 'invalid':
      return { ...state, busy: false, fieldErrors: action.fieldErrors };
    case 'signupSent':
      return {
        ...state,
        ...cleared,
        mode: 'signup_otp',
        otp: '',
        otpPhone: action.phone,
        notice: AUTH_MESSAGES.verificationCodeSent,
      };
    case 'signedUp':
      return { ...state, ...cleared, notice: AUTH_MESSAGES.accountCreated };
    case 'signedIn':
      return { ...state, ...cleared };
    case 'resetCodeSent':
      return {
        ...state,
        ...cleared,
        mode: 'forgot_password_otp',
        otp: '',
        otpPhone: action.phone,
        notice: AUTH_MESSAGES.otpSent,
      };
    case 'otpVerified':
      return {
        ...state,
        ...cleared,
        mode: 'reset_password',
        resetToken: action.token,
        password: '',
        confirmPassword: '',
        notice: AUTH_MESSAGES.otpVerified,
      };
    case 'passwordReset':
      return {
        ...initialAuthState('login'),
        country: state.country,
        notice: AUTH_MESSAGES.passwordResetDone,
      };
    case 'codeResent':
      return { ...state, ...cleared, otp: '', notice: AUTH_MESSAGES.newCodeSent };
    case 'back':
      if (state.mode === 'signup_otp') return { ...state, ...cleared, mode: 'signup', otp: '' };
      if (state.mode === 'forgot_password_otp')
        return { ...state, ...cleared, mode: 'forgot_password', otp: '' };
      return state;
  }
}

/** The message to show for a failed call: the server's text, else the SPEC 8 fallback for that step. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
