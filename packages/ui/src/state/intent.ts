import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useNavigation } from './navigation.ts';
import type { Location } from './url.ts';

/** The actions that ask a visitor to sign in first (issue 13: sign-in keeps the user's intent). */
export type IntentAction = 'like' | 'comment' | 'reply' | 'review' | 'message' | 'contact' | 'test-drive';

/**
 * What a visitor was doing when sign-in was asked for. After a successful sign-in or sign-up they are put back
 * where they asked (the same car) and the action goes on: `resume` when it only moves them (a chat opens),
 * otherwise the view that owns the action picks it up with useResumeIntent once it is ready.
 */
export interface Intent {
  action: IntentAction;
  carId: string | null;
  /** A comment to reply to, a dealer to review: what the action was aimed at, when more than the car. */
  target?: string | null;
  location: Location;
  resume?: () => void;
}

interface IntentState {
  intent: Intent | null;
  /** True once the visitor has signed in: the intent may now be carried out. */
  signedIn: boolean;
}

export const useIntent = create<IntentState>()(() => ({ intent: null, signedIn: false }));

function here(): Location {
  const { view, carId, chatUserId } = useNavigation.getState();
  return { view, carId, chatUserId };
}

/** Remembers what the visitor was doing; the caller then shows its login prompt or the login screen. */
export function rememberIntent(intent: Omit<Intent, 'location'>): void {
  useIntent.setState({ intent: { ...intent, location: here() }, signedIn: false });
}

/**
 * An action a signed-in buyer asked for before the app could carry it out (a tap while the session was being
 * read): the view that owns it carries it out once ready, as after a sign-in (useResumeIntent).
 */
export function carryOutWhenReady(intent: Omit<Intent, 'location'>): void {
  useIntent.setState({ intent: { ...intent, location: here() }, signedIn: true });
}

/** Asks for sign-in for an action: remembers it and opens the login screen. */
export function signInFor(intent: Omit<Intent, 'location'>): void {
  rememberIntent(intent);
  useNavigation.getState().showLogin();
}

/** The visitor turned the sign-in down: nothing is to be resumed later. */
export function forgetIntent(): void {
  useIntent.setState({ intent: null, signedIn: false });
}

/**
 * Called when the login screen closes after a successful sign-in. Returns false when nothing was asked for
 * (the usual 'after login' rule applies); otherwise it puts the visitor back where they asked and resumes.
 */
export function resumeAfterSignIn(): boolean {
  const { intent } = useIntent.getState();
  if (!intent) return false;
  useNavigation.getState().restore(intent.location);
  if (intent.resume) {
    forgetIntent();
    intent.resume();
  } else {
    useIntent.setState({ signedIn: true });
  }
  return true;
}

/**
 * Carries out a remembered action once signed in, in the view that owns it: when the intent is `action` on
 * `carId` and the view is `ready` (e.g. the buyer's own like status has arrived), `run` is called once.
 */
export function useResumeIntent(
  actions: IntentAction | readonly IntentAction[],
  carId: string | null,
  ready: boolean,
  run: (intent: Intent) => void,
): void {
  const intent = useIntent((s) => (s.signedIn ? s.intent : null));
  const latest = useRef(run);
  latest.current = run;
  const wanted = typeof actions === 'string' ? [actions] : actions;
  const matches = !!intent && wanted.includes(intent.action) && intent.carId === carId;
  useEffect(() => {
    if (!matches || !ready || !intent) return;
    forgetIntent();
    latest.current(intent);
  }, [matches, ready, intent]);
}
