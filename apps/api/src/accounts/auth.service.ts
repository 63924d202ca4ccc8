import type { LoginBody } from '@autoreel/core';
import type {
  OtpCheckRequest as VerifyOtpBody,
  VerifySignupRequest as VerifySignupBody,
  ResendOtpRequest as ResendOtpBody,
  SignupRequest as SignupBody,
} from '@autoreel/core';
import { invalidInput, forbidden, unauthenticated, INVALID_TOKEN_MESSAGE } from '../errors.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import type { SessionRepository } from './session.repository.ts';
import type { AuthUser } from './access-token.service.ts';
import { loginAccountKey, type LoginThrottle } from './login-throttle.ts';
import { OTP_MESSAGES, type OtpService } from './otp.service.ts';
import { hashPassword, verifyPassword } from './password.service.ts';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  hashToken,
  newOpaqueToken,
  type SessionService,
  type TokenPair,
} from './session.service.ts';
import { presentUser, toRole, type UserDto } from './user.presenter.ts';

export const RESET_TOKEN_TTL_MS = 15 * 60_000;

export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid phone number or password',
  notVerified: 'Please verify your phone number before signing in. Request a new code to finish signing up.',
  noPendingSignup: 'There is no sign-up waiting for verification for this phone number',
  suspended: ACCOUNT_SUSPENDED_MESSAGE,
  invalidResetToken: 'Invalid or expired reset token',
} as const;

export const AUTH_NOTICES = {
  codeSent: 'Verification code sent to your phone',
  accountCreated: 'Account created successfully!',
  resetCodeSent: 'If an account exists for this phone number, a code has been sent to it',
  newCodeSent: 'New verification code sent',
  otpVerified: 'OTP verified. Enter your new password.',
  passwordReset: 'Password reset successfully! You can now sign in.',
  loggedOut: 'Signed out',
} as const;

export interface SignedIn extends TokenPair {
  user: UserDto;
}

/** Spent on unknown phones so that a miss costs as long as a wrong password and does not reveal the account. */
let decoyHash: Promise<string> | undefined;
function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoyHash;
}

/** Accounts and their credentials: sign-up with a phone code, sign-in, password reset. */
export class AuthService {
  readonly #users: UserRepository;
  readonly #resets: SessionRepository;
  readonly #sessions: SessionService;
  readonly #otp: OtpService;
  readonly #throttle: LoginThrottle;
  readonly #now: () => Date;

  constructor(options: {
    users: UserRepository;
    resets: SessionRepository;
    sessions: SessionService;
    otp: OtpService;
    throttle: LoginThrottle;
    now: () => Date;
  }) {
    this.#users = options.users;
    this.#resets = options.resets;
    this.#sessions = options.sessions;
    this.#otp = options.otp;
    this.#throttle = options.throttle;
    this.#now = options.now;
  }

  async #present(row: UserRow): Promise<UserDto> {
    return presentUser(row, await this.#users.findDealerId(row.id));
  }

  async #signIn(row: UserRow): Promise<SignedIn> {
    const pair = await this.#sessions.start({ id: row.id, role: toRole(row.role) });
    return { user: await this.#present(row), ...pair };
  }

  /**
   * Answers alike whatever the phone's state, so that sign-up tells no one which numbers are registered: a new
   * number gets an account and a code; a pending one whose code still lives keeps its details (the sign-up that
   * sent the code stands) and gets a new code; a registered one keeps its account and its owner is told on
   * WhatsApp. A challenge is recorded in every case, so send limits and timing match too.
   */
  async signup(body: SignupBody, ip: string | null): Promise<{ phone: string; message: string }> {
    const details = {
      name: body.name,
      phone: body.phone,
      email: body.email ?? null,
      passwordHash: await hashPassword(body.password),
    };
    const sent = await this.#otp.issue(body.phone, 'signup', ip, async (tx) => {
      const outcome = await this.#users.in(tx).placePendingSignup({ ...details, now: this.#now() });
      return outcome !== 'registered';
    });
    if (!sent) await this.#otp.noticeSignupAttempt(body.phone);
    return { phone: body.phone, message: AUTH_NOTICES.codeSent };
  }

  /** The code holder's name and password, when sent, replace what the pending sign-up left (see signup). */
  async verifySignup(body: VerifySignupBody): Promise<SignedIn> {
    await this.#otp.verify(body.phone, 'signup', body.otp);
    const user = await this.#users.findByPhone(body.phone);
    // A registered number's sign-up attempts record codes that are never sent; they lead nowhere.
    if (!user || user.isPhoneVerified) throw invalidInput(OTP_MESSAGES.invalid);
    const verified = await this.#users.markPhoneVerified(user.id, this.#now(), {
      ...(body.name ? { name: body.name } : {}),
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
    });
    if (!verified) throw invalidInput(OTP_MESSAGES.invalid);
    return this.#signIn(verified);
  }

  async login(body: LoginBody, ip: string): Promise<SignedIn> {
    const user = await this.#users.findByPhone(body.phone);
    const attempt = { account: loginAccountKey(body.phone, user), address: ip };
    await this.#throttle.admit(attempt);
    if (!user) {
      await verifyPassword(await decoyPasswordHash(), body.password);
      throw unauthenticated(AUTH_ERRORS.invalidCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw unauthenticated(AUTH_ERRORS.invalidCredentials);
    }
    await this.#throttle.succeeded(attempt);
    // Checked after the password so that the answer never tells a stranger which numbers have pending sign-ups.
    if (!user.isPhoneVerified) throw forbidden(AUTH_ERRORS.notVerified);
    if (user.suspendedAt) throw forbidden(AUTH_ERRORS.suspended);
    return this.#signIn(user);
  }

  async me(caller: AuthUser): Promise<{ user: UserDto }> {
    const row = await this.#users.findById(caller.id);
    if (!row) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    return { user: await this.#present(row) };
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.#sessions.refresh(refreshToken);
  }

  /** Ends the session of the presented refresh token, else the caller's current one. */
  async logout(caller: AuthUser | null, refreshToken: string | undefined): Promise<{ message: string }> {
    if (refreshToken) await this.#sessions.endByRefreshToken(refreshToken);
    else if (caller?.sessionId) await this.#sessions.endSession(caller.sessionId);
    else if (!caller) throw unauthenticated('Unauthorized: please sign in');
    return { message: AUTH_NOTICES.loggedOut };
  }

  /**
   * Answers the same whether or not the phone has an account. For unknown numbers a challenge is still recorded
   * (never sent), so the send limits and the time taken give nothing away either.
   */
  async forgotPassword(phone: string, ip: string | null): Promise<{ message: string }> {
    const user = await this.#users.findByPhone(phone);
    await this.#otp.issue(phone, 'password_reset', ip, Boolean(user?.isPhoneVerified));
    return { message: AUTH_NOTICES.resetCodeSent };
  }

  async verifyForgotPassword(body: VerifyOtpBody): Promise<{ token: string; message: string }> {
    await this.#otp.verify(body.phone, 'password_reset', body.otp);
    const user = await this.#users.findByPhone(body.phone);
    // A decoy code for an unknown number could in theory be guessed; it still leads nowhere.
    if (!user?.isPhoneVerified) throw invalidInput('Invalid verification code');
    const token = newOpaqueToken();
    const now = this.#now();
    await this.#resets.transaction((tx) =>
      tx.replaceResetToken({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        now,
      }),
    );
    return { token, message: AUTH_NOTICES.otpVerified };
  }

  /** Sets the new password and signs every device out; the new password also starts the sign-in throttles afresh. */
  async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(newPassword);
    const now = this.#now();
    const userId = await this.#resets.consumeResetToken(hashToken(token), now);
    if (!userId) {
      throw invalidInput(AUTH_ERRORS.invalidResetToken, [
        { field: 'token', message: AUTH_ERRORS.invalidResetToken },
      ]);
    }
    await this.#users.setPassword(userId, passwordHash, now);
    await this.#sessions.endAllSessions(userId);
    return { message: AUTH_NOTICES.passwordReset };
  }

  /**
   * Answers alike whatever the phone's state, as sign-up does: a pending sign-up gets a new code, a registered
   * number's owner is told that someone tried to sign up with it, and an unknown number gets nothing; a challenge
   * is recorded in each case so that the send limits count every try.
   */
  async resendOtp(body: ResendOtpBody, ip: string | null): Promise<{ message: string }> {
    if (body.type === 'password_reset') {
      await this.forgotPassword(body.phone, ip);
      return { message: AUTH_NOTICES.newCodeSent };
    }
    const found = { registered: false };
    await this.#otp.issue(body.phone, 'signup', ip, async (tx) => {
      const user = await this.#users.in(tx).findByPhone(body.phone);
      found.registered = Boolean(user?.isPhoneVerified);
      return Boolean(user && !user.isPhoneVerified);
    });
    if (found.registered) await this.#otp.noticeSignupAttempt(body.phone);
    return { message: AUTH_NOTICES.newCodeSent };
  }
}
