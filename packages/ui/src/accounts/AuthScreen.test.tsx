import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, useSession } from '../state/session.ts';
import {
  demoUser,
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { AuthScreen } from './AuthScreen.tsx';
import { SIGNUP_OTP_REGISTERED_HINT } from './auth-flow.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  resetSession();
  // An empty catalogue: the screen uses the built-in list (tested in CountryPicker.test.tsx).
  api.on('GET /countries/picker', ok({ countries: [] }));
});
afterEach(() => cleanup());

function renderAuth() {
  const { host, store } = memoryHost();
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <AuthScreen onClose={onClose} />
    </TestProviders>,
  );
  return { onClose, store, user };
}

const heading = (name: string) => screen.findByRole('heading', { name });

describe('AuthScreen', () => {
  it('signs in with the dial code in front of the typed number, stores the session and leaves', async () => {
    api.on('POST /auth/login', ok({ user: demoUser(), accessToken: 'a1', refreshToken: 'r1' }));
    const { onClose, store, user } = renderAuth();
    expect(await heading('Welcome Back')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone Number'), '7600 0003');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(api.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      phone: '+26876000003',
      password: 'demo-pass-2026',
    });
    expect(store.tokens).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(useSession.getState()).toMatchObject({
      status: 'authenticated',
      user: { name: 'Thandi Dlamini' },
    });
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ id: 'u1' });
  });

  it('shows the server message when login fails, and Invalid response from server for a bad answer', async () => {
    api.on('POST /auth/login', fail(401, 'Invalid phone number or password'));
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Phone Number'), '76000003');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number or password');

    api.on('POST /auth/login', ok({ user: demoUser() }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid response from server'));
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderAuth();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('refuses a signup whose passwords differ, without calling the server', async () => {
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await heading('Join AutoReel')).toBeTruthy();
    expect(screen.getByLabelText('Phone (WhatsApp Required)')).toBeTruthy();
    await user.type(screen.getByLabelText('Full Name'), 'Sipho Nkosi');
    await user.type(screen.getByLabelText('Phone (WhatsApp Required)'), '76123456');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/auth/signup')).toBe(false);
  });

  it('signs up, verifies with a digits-only code, resends as signup, and goes back', async () => {
    api.on('POST /auth/signup', ok({ phone: '+26876123456' }));
    api.on('POST /auth/resend-otp', ok({}));
    api.on('POST /auth/verify-signup', ok({ user: demoUser(), accessToken: 'a2', refreshToken: 'r2' }));
    const { user, onClose } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Full Name'), 'Sipho Nkosi');
    await user.type(screen.getByLabelText('Phone (WhatsApp Required)'), '76123456');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await heading('Verify Your Account')).toBeTruthy();
    expect(screen.getByText('Verification code sent to your phone')).toBeTruthy();
    expect(screen.getByText('+26876123456')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/signup')?.body).toEqual({
      name: 'Sipho Nkosi',
      phone: '+26876123456',
      password: 'secret-1',
    });

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('New verification code sent')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/resend-otp')?.body).toEqual({
      phone: '+26876123456',
      type: 'signup',
    });

    const otp = screen.getByLabelText('Verification Code');
    await user.type(otp, '12a3-45 678');
    expect((otp as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 2000 });
    // The screen is left after a moment: the notice stays in view as a toast on the page the user returns to (the
    // screen itself stays here, since this onClose does not remove it).
    await waitFor(() =>
      expect(
        screen.getAllByText('Account created successfully!').some((node) => node.closest('li') !== null),
      ).toBe(true),
    );
    expect(api.calls.find((c) => c.path === '/auth/verify-signup')?.body).toEqual({
      phone: '+26876123456',
      otp: '123456',
      name: 'Sipho Nkosi',
      password: 'secret-1',
    });
  });

  it('Back from the signup code returns to signup', async () => {
    api.on('POST /auth/signup', ok({}));
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.type(screen.getByLabelText('Phone (WhatsApp Required)'), '76123456');
    await user.type(screen.getByLabelText('Password'), 'p');
    await user.type(screen.getByLabelText('Confirm Password'), 'p');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await heading('Verify Your Account');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Join AutoReel')).toBeTruthy();
  });

  it('tells the owner of a registered number, on the code screen, that a WhatsApp message came instead', async () => {
    api.on('POST /auth/signup', ok({ phone: '+26876123456' }));
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Full Name'), 'Sipho Nkosi');
    await user.type(screen.getByLabelText('Phone (WhatsApp Required)'), '76123456');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await heading('Verify Your Account');
    expect(screen.getByText(SIGNUP_OTP_REGISTERED_HINT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await heading('Welcome Back')).toBeTruthy();
  });

  it('resets a forgotten password through the OTP and returns to sign in', async () => {
    api.on('POST /auth/forgot-password', ok({}));
    api.on('POST /auth/resend-otp', ok({}));
    api.on('POST /auth/verify-forgot-password', ok({ token: 'reset-1' }));
    api.on('POST /auth/reset-password', ok({}));
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Phone Number'), '76000003');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await heading('Verify OTP')).toBeTruthy();
    expect(screen.getByText('OTP sent to your phone')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await screen.findByText('New verification code sent');
    expect(api.calls.find((c) => c.path === '/auth/resend-otp')?.body).toEqual({
      phone: '+26876000003',
      type: 'password_reset',
    });

    await user.type(screen.getByLabelText('Verification Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await heading('Set New Password')).toBeTruthy();
    expect(screen.getByText('OTP verified. Enter your new password.')).toBeTruthy();

    await user.type(screen.getByLabelText('New Password'), 'fresh-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'fresh-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await heading('Welcome Back')).toBeTruthy();
    expect(screen.getByText('Password reset successfully! You can now sign in.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({
      token: 'reset-1',
      newPassword: 'fresh-pass',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Phone Number').value).toBe('');
  });

  it('leaves with no user on Back to AutoReel', async () => {
    const { user, onClose } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Back to AutoReel' }));
    expect(onClose).toHaveBeenCalledWith(null);
  });
});
