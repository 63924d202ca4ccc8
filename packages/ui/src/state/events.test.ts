import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_EVENTS,
  bindWindowEvents,
  emitAppNavigate,
  emitAuthLogout,
  emitDealerNavigate,
  emitLoginRequired,
} from './events.ts';
import { resetNavigation, useNavigation } from './navigation.ts';

describe('window events', () => {
  let unbind: () => void;
  beforeEach(() => {
    resetNavigation();
    unbind = bindWindowEvents(window);
  });
  afterEach(() => unbind());

  it('uses the SPEC names', () => {
    expect(APP_EVENTS).toEqual({
      authLogout: 'auth:logout',
      appNavigate: 'app-navigate',
      loginRequired: 'login-required',
      dealerNavigate: 'dealer-navigate',
    });
  });

  it('auth:logout shows login and sets the view to browse', () => {
    useNavigation.getState().navigate('account');
    emitAuthLogout();
    expect(useNavigation.getState()).toMatchObject({ view: 'browse', loginOpen: true });
  });

  it('app-navigate switches view, clears the selected car and hides login', () => {
    useNavigation.getState().openCar('car-3');
    useNavigation.getState().showLogin();
    window.dispatchEvent(new CustomEvent('app-navigate', { detail: { view: 'become-seller' } }));
    expect(useNavigation.getState()).toMatchObject({ view: 'become-seller', carId: null, loginOpen: false });
    emitAppNavigate('messages');
    expect(useNavigation.getState().view).toBe('messages');
  });

  it('app-navigate ignores views outside browse, discover, tiktok, become-seller and messages', () => {
    useNavigation.getState().navigate('browse');
    window.dispatchEvent(new CustomEvent('app-navigate', { detail: { view: 'dealer' } }));
    window.dispatchEvent(new CustomEvent('app-navigate', { detail: 'discover' }));
    expect(useNavigation.getState().view).toBe('browse');
  });

  it('login-required shows login without leaving the view', () => {
    useNavigation.getState().navigate('discover');
    emitLoginRequired();
    expect(useNavigation.getState()).toMatchObject({ view: 'discover', loginOpen: true });
  });

  it('dealer-navigate switches the dashboard tab', () => {
    emitDealerNavigate('inventory');
    expect(useNavigation.getState().dealerTab).toBe('inventory');
    window.dispatchEvent(new CustomEvent('dealer-navigate', { detail: { tab: 'nonsense' } }));
    expect(useNavigation.getState().dealerTab).toBe('inventory');
  });

  it('stops listening once unbound', () => {
    unbind();
    emitLoginRequired();
    expect(useNavigation.getState().loginOpen).toBe(false);
    unbind = bindWindowEvents(window);
  });
});
