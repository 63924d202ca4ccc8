import { create } from 'zustand';
import { ApiError, type ApiClient } from '@autoreel/api-client';
import type { ParsedAuthResponse } from '@autoreel/core';
import type { Host } from '../platform/host.ts';
import { emitAuthLogout } from './events.ts';

export type SessionRole = 'customer' | 'dealer' | 'admin';

/** The signed-in user as the UI needs it (SPEC 3 'User'); both ids are filled. */
export interface SessionUser {
  id: string;
  _id: string;
  name: string;
  role: SessionRole;
  type?: string | undefined;
  phone: string;
  email?: string | null | undefined;
  dealerId?: string | null | undefined;
  isPhoneVerified: boolean;
  /** The marketplace country the person chose for prices and budgets, kept with the account. */
  countryCode?: string | null | undefined;
  createdAt?: string | undefined;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const useSession = create<SessionState>()(() => ({ status: 'loading', user: null }));

/**
 * Calls `run` with the session's status once the stored session has been read: at once, or when it is. A tap made
 * right after the page started (the view hydrated, the session not yet read) waits for it instead of treating a
 * signed-in buyer as a visitor.
 */
export function whenSessionRead(run: (status: Exclude<SessionStatus, 'loading'>) => void): void {
  const now = useSession.getState().status;
  if (now !== 'loading') {
    run(now);
    return;
  }
  const stop = useSession.subscribe(({ status }) => {
    if (status === 'loading') return;
    stop();
    run(status);
  });
}

/**
 * Bumped whenever the session changes hands (sign-in, sign-out, reset). A background answer started under an older
 * epoch is dropped, so a slow GET /auth/me can never overwrite the account someone has just signed in with.
 */
let epoch = 0;

export function resetSession(): void {
  epoch += 1;
  useSession.setState({ status: 'loading', user: null });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Reads a user from storage or the API: 'id' or '_id' (SPEC 3), and the older 'user' role as customer. Null when
 * it is not a user at all. Hand-written rather than a zod schema so the first screen does not carry zod.
 */
export function normaliseUser(raw: unknown): SessionUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = text(record.id) ?? text(record._id);
  const name = text(record.name);
  if (!id || name === undefined) return null;
  const role: SessionRole = record.role === 'dealer' || record.role === 'admin' ? record.role : 'customer';
  return {
    id,
    _id: id,
    name,
    role,
    type: text(record.type),
    phone: text(record.phone) ?? '',
    email: text(record.email) ?? null,
    dealerId: text(record.dealerId) ?? null,
    isPhoneVerified: record.isPhoneVerified === true,
    // Unknown (undefined) for a user stored before accounts kept a country, until the server's answer says.
    countryCode: 'countryCode' in record ? (text(record.countryCode) ?? null) : undefined,
    createdAt: text(record.createdAt),
  };
}

export function isDealer(user: SessionUser | null | undefined): boolean {
  return user?.role === 'dealer' || user?.type === 'dealer';
}

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin';
}

/** The user menu's one role label (SPEC 2 'Navigation bars'); an admin's says so instead of 'Customer Account'. */
export function roleLabel(user: SessionUser): 'Dealer Account' | 'Customer Account' | 'Admin Account' {
  if (isAdmin(user)) return 'Admin Account';
  return isDealer(user) ? 'Dealer Account' : 'Customer Account';
}

function userFromMe(body: unknown): SessionUser | null {
  if (typeof body === 'object' && body !== null && 'user' in body) return normaliseUser(body.user);
  return normaliseUser(body);
}

/** Clears the local session and broadcasts auth:logout (SPEC 4 'Session'). Tokens may already be gone. */
export async function endSession(host: Host, win: Window = window): Promise<void> {
  epoch += 1;
  await Promise.all([host.tokens.clear(), host.user.clear()]);
  useSession.setState({ status: 'anonymous', user: null });
  emitAuthLogout(win);
}

/**
 * On start: with stored auth the session shows at once and GET /auth/me validates it in the background. A
 * server failure answer logs out; a network error keeps the session (SPEC 4). Resolves when validation ends.
 */
export async function startSession(api: ApiClient, host: Host, win: Window = window): Promise<void> {
  const [tokens, storedUser] = await Promise.all([host.tokens.load(), host.user.load()]);
  if (!tokens) {
    useSession.setState({ status: 'anonymous', user: null });
    return;
  }
  const user = normaliseUser(storedUser);
  if (user) useSession.setState({ status: 'authenticated', user });
  const started = epoch;
  try {
    const fresh = userFromMe(await api.get('/auth/me'));
    if (started !== epoch) return;
    if (!fresh) throw new ApiError('Invalid response from server', 200);
    await host.user.save(fresh);
    useSession.setState({ status: 'authenticated', user: fresh });
  } catch (error) {
    if (started !== epoch) return;
    if (error instanceof ApiError && error.status === 0) {
      // Offline: keep what we had; without a stored user there is nothing to show yet.
      if (!user) useSession.setState({ status: 'anonymous', user: null });
      return;
    }
    if (useSession.getState().status !== 'anonymous') await endSession(host, win);
  }
}

/** Logged out becomes logged in: store user and tokens, then notify subscribers (SPEC 4). */
export async function signIn(host: Host, session: ParsedAuthResponse): Promise<SessionUser> {
  const user = normaliseUser(session.user);
  if (!user) throw new Error('Invalid response from server');
  epoch += 1;
  await host.tokens.save({ accessToken: session.accessToken, refreshToken: session.refreshToken });
  await host.user.save(user);
  useSession.setState({ status: 'authenticated', user });
  return user;
}

/** Signs out: tells the server (best effort), clears tokens and user, broadcasts auth:logout. */
export async function signOut(api: ApiClient, host: Host, win: Window = window): Promise<void> {
  const tokens = await host.tokens.load();
  if (tokens) {
    try {
      await api.post('/auth/logout', { refreshToken: tokens.refreshToken });
    } catch {
      // The local session ends whatever the server says; a dead token is as good as a revoked one.
    }
  }
  await endSession(host, win);
}

/** Reloads the current user (SPEC 4: on start, and when a non-dealer opens become-seller). */
export async function refreshUser(api: ApiClient, host: Host): Promise<SessionUser | null> {
  if (useSession.getState().status !== 'authenticated') return null;
  const started = epoch;
  const fresh = userFromMe(await api.get('/auth/me'));
  if (!fresh || started !== epoch) return null;
  await host.user.save(fresh);
  useSession.setState({ status: 'authenticated', user: fresh });
  return fresh;
}
