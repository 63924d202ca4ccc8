import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  readAuthResponse,
  validateLogin,
  validateOtp,
  validateResetPassword,
  validateSignup,
  AUTH_FIELD_ERRORS,
} from '@autoreel/core';
import { composePhone } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { readFormFailure } from '../platform/form-errors.ts';
import { Button } from '../kit/Button.tsx';
import { ChevronDownIcon, ChevronLeftIcon, ShieldIcon } from '../kit/icons.tsx';
import { PasswordField, TextField } from '../kit/TextField.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { signIn, type SessionUser } from '../state/session.ts';
import { LogoMark } from '../kit/Logo.tsx';
import { useToast } from '../kit/Toast.tsx';
import {
  AUTH_SUBTITLES,
  SIGNUP_OTP_REGISTERED_HINT,
  AUTH_TITLES,
  authReducer,
  failureMessage,
  initialAuthState,
  isOtpMode,
  otpPurpose,
  type AuthMode,
} from './auth-flow.ts';
import { CountryPicker, Flag } from './CountryPicker.tsx';
import { dialCodeOf } from './countries.ts';
import styles from './Auth.module.css';

/** How long the success state shows before the screen leaves (SPEC 2: shortly after the auth state updates). */
export const LEAVE_AFTER_LOGIN_MS = 600;

export const WHATSAPP_NOTICE =
  'We send verification codes by WhatsApp. Use a number that is registered on WhatsApp: other numbers cannot be verified.';

/** The inputs the API's field errors may name (its 'newPassword' is this screen's password). */
const AUTH_FIELDS = ['name', 'phone', 'password', 'confirmPassword', 'otp'] as const;

export interface AuthScreenProps {
  /** Leaves the screen: with the signed-in user after success, or null for Back. */
  onClose: (user: SessionUser | null) => void;
  initialMode?: AuthMode;
}

export function AuthScreen({ onClose, initialMode = 'login' }: AuthScreenProps) {
  const { client } = useApi();
  const host = useHost();
  const [state, dispatch] = useReducer(authReducer, initialMode, initialAuthState);
  const [pickerOpen, setPickerOpen] = useState(false);
  const toast = useToast();
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    },
    [],
  );

  const fullPhone = () => composePhone(dialCodeOf(state.country), state.phone);

  // A notice of the sign-in (the account just created) is also a toast as the screen leaves: the screen shows it
  // for a moment only, and the toast keeps it in view on the page the user returns to.
  const finishSignIn = async (body: unknown, notice?: string) => {
    const user = await signIn(host, readAuthResponse(body));
    leaveTimer.current = setTimeout(() => {
      if (notice) toast({ title: notice, tone: 'success' });
      onClose(user);
    }, LEAVE_AFTER_LOGIN_MS);
  };

  async function run(action: () => Promise<void>, fallback: string) {
    dispatch({ type: 'busy' });
    try {
      await action();
    } catch (error) {
      // A 400's field errors go under their inputs; the line above the form says what else went wrong.
      const failure = readFormFailure(error, AUTH_FIELDS, {
        fallback: failureMessage(error, fallback),
        aliases: { newPassword: 'password' },
      });
      dispatch({ type: 'failed', error: failure.message, fieldErrors: failure.fields });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.busy) return;
    switch (state.mode) {
      case 'login': {
        const errors = validateLogin(state);
        if (Object.keys(errors).length > 0) return dispatch({ type: 'invalid', fieldErrors: errors });
        void run(async () => {
          const body = await client.post('/auth/login', {
            phone: fullPhone(),
            password: state.password,
          });
          await finishSignIn(body);
          dispatch({ type: 'signedIn' });
        }, AUTH_MESSAGES.loginFailed);
        return;
      }
      case 'signup': {
        const errors = validateSignup(state);
        if (Object.keys(errors).length > 0) return dispatch({ type: 'invalid', fieldErrors: errors });
        const phone = fullPhone();
        void run(async () => {
          await client.post('/auth/signup', { name: state.name.trim(), phone, password: state.password });
          dispatch({ type: 'signupSent', phone });
        }, AUTH_MESSAGES.signupFailed);
        return;
      }
      case 'signup_otp': {
        const errors = validateOtp(state.otp);
        if (errors.otp) return dispatch({ type: 'invalid', fieldErrors: errors });
        void run(async () => {
          // The details typed here are the account's, whatever another sign-up for the number left pending.
          const body = await client.post('/auth/verify-signup', {
            phone: state.otpPhone,
            otp: state.otp,
            name: state.name.trim(),
            password: state.password,
          });
          await finishSignIn(body, AUTH_MESSAGES.accountCreated);
          dispatch({ type: 'signedUp' });
        }, AUTH_MESSAGES.otpVerificationFailed);
        return;
      }
      case 'forgot_password': {
        if (state.phone.trim() === '') {
          return dispatch({ type: 'invalid', fieldErrors: { phone: AUTH_FIELD_ERRORS.phone } });
        }
        const phone = fullPhone();
        void run(async () => {
          await client.post('/auth/forgot-password', { phone });
          dispatch({ type: 'resetCodeSent', phone });
        }, AUTH_MESSAGES.sendOtpFailed);
        return;
      }
      case 'forgot_password_otp': {
        const errors = validateOtp(state.otp);
        if (errors.otp) return dispatch({ type: 'invalid', fieldErrors: errors });
        void run(async () => {
          const { token } = await client.post('/auth/verify-forgot-password', {
            phone: state.otpPhone,
            otp: state.otp,
          });
          dispatch({ type: 'otpVerified', token });
        }, AUTH_MESSAGES.otpVerificationFailed);
        return;
      }
      case 'reset_password': {
        const errors = validateResetPassword(state.password, state.confirmPassword);
        if (Object.keys(errors).length > 0) return dispatch({ type: 'invalid', fieldErrors: errors });
        void run(async () => {
          await client.post('/auth/reset-password', {
            token: state.resetToken ?? '',
            newPassword: state.password,
          });
          dispatch({ type: 'passwordReset' });
        }, AUTH_MESSAGES.passwordResetFailed);
        return;
      }
    }
  };

  const resend = () => {
    const type = otpPurpose(state.mode);
    if (!type || state.busy) return;
    void run(async () => {
      await client.post('/auth/resend-otp', { phone: state.otpPhone, type });
      dispatch({ type: 'codeResent' });
    }, AUTH_MESSAGES.resendOtpFailed);
  };

  const field = (name: 'name' | 'phone' | 'password' | 'confirmPassword' | 'otp') => ({
    value: state[name],
    onChange: (e: { target: { value: string } }) =>
      dispatch({ type: 'field', field: name, value: e.target.value }),
    error: state.fieldErrors[name],
  });

  const phoneField = (label: string, hint?: string) => (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="7612 3456"
      hint={hint}
      start={
        <button
          type="button"
          className={styles.countryButton}
          onClick={() => setPickerOpen(true)}
          aria-label={`Country: ${state.country.name} ${dialCodeOf(state.country)}. Change country`}
        >
          <Flag country={state.country} size={18} />
          <span>{dialCodeOf(state.country)}</span>
          <ChevronDownIcon size={14} />
        </button>
      }
      {...field('phone')}
    />
  );

  const otp = isOtpMode(state.mode);
  const submitLabel: Record<AuthMode, string> = {
    login: 'Sign In',
    signup: 'Create Account',
    signup_otp: 'Verify OTP',
    forgot_password: 'Send OTP',
    forgot_password_otp: 'Verify OTP',
    reset_password: 'Update Password',
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose(null)}>
      <RadixDialog.Portal>
        <RadixDialog.Content className={styles.screen} aria-describedby="auth-subtitle">
          <aside className={styles.brand} aria-hidden="true">
            <div className={styles.brandLogo}>
              <LogoMark />
            </div>
            <div className={styles.brandCopy}>
              <p className={styles.brandTitle}>Find your next car in seconds.</p>
              <p className={styles.brandText}>
                Short videos from verified dealers and private sellers, AI search that understands what you
                mean, and a chat with the seller one tap away.
              </p>
              <ul className={styles.brandPoints}>
                <li>
                  <ShieldIcon size={18} /> Verified dealers
                </li>
                <li>
                  <ShieldIcon size={18} /> WhatsApp-verified accounts
                </li>
              </ul>
            </div>
          </aside>
          <div className={styles.panel}>
            <div className={styles.panelTop}>
              <Button
                variant="ghost"
                size="sm"
                icon={<ChevronLeftIcon size={18} />}
                onClick={() => onClose(null)}
              >
                Back to AutoReel
              </Button>
            </div>
            <form className={styles.form} onSubmit={submit} noValidate>
              <div className={styles.heading}>
                <RadixDialog.Title className={styles.title}>{AUTH_TITLES[state.mode]}</RadixDialog.Title>
                <p id="auth-subtitle" className={styles.subtitle}>
                  {AUTH_SUBTITLES[state.mode]}
                  {otp ? (
                    <>
                      {' '}
                      <strong className={styles.target}>{state.otpPhone}</strong>
                    </>
                  ) : null}
                </p>
              </div>

              {state.notice ? (
                <p className={styles.notice} role="status">
                  {state.notice}
                </p>
              ) : null}
              {state.error ? (
                <p className={styles.error} role="alert">
                  {state.error}
                </p>
              ) : null}

              {state.mode === 'signup' ? (
                <TextField label="Full Name" autoComplete="name" {...field('name')} />
              ) : null}

              {state.mode === 'login' || state.mode === 'forgot_password' ? phoneField('Phone Number') : null}
              {state.mode === 'signup' ? phoneField('Phone (WhatsApp Required)', WHATSAPP_NOTICE) : null}

              {state.mode === 'login' || state.mode === 'signup' ? (
                <PasswordField
                  label="Password"
                  autoComplete={state.mode === 'login' ? 'current-password' : 'new-password'}
                  {...field('password')}
                />
              ) : null}
              {state.mode === 'login' ? (
                <div className={styles.forgotRow}>
                  <Button
                    variant="link"
                    onClick={() => dispatch({ type: 'switch', mode: 'forgot_password' })}
                  >
                    Forgot password?
                  </Button>
                </div>
              ) : null}
              {state.mode === 'signup' ? (
                <PasswordField
                  label="Confirm Password"
                  autoComplete="new-password"
                  {...field('confirmPassword')}
                />
              ) : null}

              {state.mode === 'reset_password' ? (
                <>
                  <PasswordField label="New Password" autoComplete="new-password" {...field('password')} />
                  <PasswordField
                    label="Confirm New Password"
                    autoComplete="new-password"
                    {...field('confirmPassword')}
                  />
                </>
              ) : null}

              {otp ? (
                <TextField
                  label="Verification Code"
                  className={styles.otpField}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={OTP_LENGTH}
                  placeholder="••••••"
                  {...field('otp')}
                />
              ) : null}

              <Button type="submit" size="lg" fullWidth loading={state.busy}>
                {submitLabel[state.mode]}
              </Button>

              {otp ? (
                <div className={styles.otpActions}>
                  <Button
                    variant="secondary"
                    onClick={() => dispatch({ type: 'back' })}
                    disabled={state.busy}
                  >
                    Back
                  </Button>
                  <Button variant="ghost" onClick={resend} disabled={state.busy}>
                    Resend OTP
                  </Button>
                </div>
              ) : null}

              {state.mode === 'login' ? (
                <p className={styles.switch}>
                  Don&apos;t have an account?{' '}
                  <Button variant="link" onClick={() => dispatch({ type: 'switch', mode: 'signup' })}>
                    Sign up
                  </Button>
                </p>
              ) : null}
              {state.mode === 'signup_otp' ? (
                <p className={styles.switch}>
                  {SIGNUP_OTP_REGISTERED_HINT}{' '}
                  <Button variant="link" onClick={() => dispatch({ type: 'switch', mode: 'login' })}>
                    Sign in
                  </Button>
                </p>
              ) : null}
              {state.mode === 'signup' ||
              state.mode === 'forgot_password' ||
              state.mode === 'reset_password' ? (
                <p className={styles.switch}>
                  {state.mode === 'signup' ? 'Already have an account? ' : 'Remembered it? '}
                  <Button variant="link" onClick={() => dispatch({ type: 'switch', mode: 'login' })}>
                    Sign in
                  </Button>
                </p>
              ) : null}
            </form>
          </div>
          <CountryPicker
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            selectedCode={state.country.code}
            onSelect={(country) => dispatch({ type: 'country', country })}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
