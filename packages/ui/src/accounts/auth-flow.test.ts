import { describe, expect, it } from 'vitest';
import { AUTH_TITLES, authReducer, initialAuthState, otpPurpose, type AuthState } from './auth-flow.ts';

function reduce(state: AuthState, ...actions: Parameters<typeof authReducer>[1][]): AuthState {
  return actions.reduce(authReducer, state);
}

describe('auth flow', () => {
  it('names the modes as the SPEC does', () => {
    expect(AUTH_TITLES.login).toBe('Welcome Back');
    expect(AUTH_TITLES.signup).toBe('Join AutoReel');
    expect(AUTH_TITLES.signup_otp).toBe('Verify Your Account');
    expect(AUTH_TITLES.forgot_password_otp).toBe('Verify OTP');
    expect(AUTH_TITLES.reset_password).toBe('Set New Password');
  });

  it('starts on login with Eswatini (+268)', () => {
    const state = initialAuthState();
    expect(state.mode).toBe('login');
    expect(state.country).toMatchObject({ name: 'Eswatini', dialCode: '+268' });
  });

  it('goes signup -> signup_otp with the code-sent notice, and back returns to signup', () => {
    const sent = reduce(
      initialAuthState(),
      { type: 'switch', mode: 'signup' },
      { type: 'signupSent', phone: '+26876123456' },
    );
    expect(sent).toMatchObject({
      mode: 'signup_otp',
      otpPhone: '+26876123456',
      notice: 'Verification code sent to your phone',
    });
    expect(otpPurpose(sent.mode)).toBe('signup');
    expect(reduce(sent, { type: 'signedUp' }).notice).toBe('Account created successfully!');
    expect(reduce(sent, { type: 'back' }).mode).toBe('signup');
  });

  it('goes forgot_password -> forgot_password_otp -> reset_password -> login with the SPEC texts', () => {
    let state = reduce(initialAuthState(), { type: 'switch', mode: 'forgot_password' });
    state = reduce(state, { type: 'resetCodeSent', phone: '+26876000003' });
    expect(state).toMatchObject({ mode: 'forgot_password_otp', notice: 'OTP sent to your phone' });
    expect(otpPurpose(state.mode)).toBe('password_reset');
    expect(reduce(state, { type: 'back' }).mode).toBe('forgot_password');
    state = reduce(state, { type: 'otpVerified', token: 'reset-token' });
    expect(state).toMatchObject({
      mode: 'reset_password',
      resetToken: 'reset-token',
      notice: 'OTP verified. Enter your new password.',
    });
    state = reduce(
      state,
      { type: 'field', field: 'password', value: 'new-pass' },
      { type: 'field', field: 'confirmPassword', value: 'new-pass' },
      { type: 'passwordReset' },
    );
    expect(state).toMatchObject({
      mode: 'login',
      notice: 'Password reset successfully! You can now sign in.',
      password: '',
      confirmPassword: '',
      phone: '',
      resetToken: null,
    });
  });

  it('shows New verification code sent after a resend', () => {
    const state = reduce(initialAuthState('signup_otp'), { type: 'codeResent' });
    expect(state.notice).toBe('New verification code sent');
  });

  it('keeps at most 6 digits in the OTP and strips everything else', () => {
    const state = reduce(initialAuthState('signup_otp'), {
      type: 'field',
      field: 'otp',
      value: '12-3 4a5678',
    });
    expect(state.otp).toBe('123456');
  });

  it('clears the field error of a field being edited', () => {
    let state = reduce(initialAuthState('signup'), {
      type: 'invalid',
      fieldErrors: { confirmPassword: 'Passwords do not match', name: 'Full name is required' },
    });
    state = reduce(state, { type: 'field', field: 'confirmPassword', value: 'x' });
    expect(state.fieldErrors).toEqual({ name: 'Full name is required' });
  });
});
