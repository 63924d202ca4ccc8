import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetIntent, rememberIntent, resumeAfterSignIn, signInFor, useIntent } from './intent.ts';
import { resetNavigation, useNavigation } from './navigation.ts';

afterEach(() => {
  forgetIntent();
  resetNavigation();
});

describe('sign-in intent', () => {
  it('puts the visitor back on the car they asked from and marks the action ready to carry out', () => {
    useNavigation.getState().openCar('car-7');
    rememberIntent({ action: 'test-drive', carId: 'car-7' });
    // The login screen may have moved on meanwhile; signing in brings the visitor back.
    useNavigation.getState().navigate('browse');
    expect(resumeAfterSignIn()).toBe(true);
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-7' });
    expect(useIntent.getState()).toMatchObject({ signedIn: true, intent: { action: 'test-drive' } });
  });

  it('runs an intent that only moves the visitor at once, and opens the login screen when asked', () => {
    const resume = vi.fn();
    signInFor({ action: 'message', carId: 'car-1', resume });
    expect(useNavigation.getState().loginOpen).toBe(true);
    expect(resumeAfterSignIn()).toBe(true);
    expect(resume).toHaveBeenCalledOnce();
    expect(useIntent.getState().intent).toBeNull();
  });

  it('has nothing to resume when nothing was asked for, or the visitor turned it down', () => {
    expect(resumeAfterSignIn()).toBe(false);
    rememberIntent({ action: 'like', carId: 'car-2' });
    forgetIntent();
    expect(resumeAfterSignIn()).toBe(false);
  });
});
