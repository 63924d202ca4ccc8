import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backTarget, resetNavigation, useNavigation, VIEWS } from './navigation.ts';
import { bindHistory, locationFromUrl, pathFor } from './url.ts';

describe('navigation store', () => {
  beforeEach(() => resetNavigation());

  it('starts on the feed, the default view', () => {
    expect(useNavigation.getState().view).toBe('tiktok');
  });

  it('opens detail only with a selected car, otherwise browse', () => {
    useNavigation.getState().navigate('detail');
    expect(useNavigation.getState()).toMatchObject({ view: 'browse', carId: null });
    useNavigation.getState().openCar('car-7');
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-7' });
  });

  it('clears the selected car when switching to a view without one', () => {
    useNavigation.getState().openCar('car-7');
    useNavigation.getState().navigate('discover');
    expect(useNavigation.getState()).toMatchObject({ view: 'discover', carId: null });
  });

  it('sends back from detail, account and messages to browse and from chat to the feed', () => {
    expect(backTarget('detail')).toBe('browse');
    expect(backTarget('account')).toBe('browse');
    expect(backTarget('messages')).toBe('browse');
    expect(backTarget('chat')).toBe('tiktok');
  });
});

describe('URL mapping', () => {
  it('gives every view a path that reads back as the same view', () => {
    for (const view of VIEWS) {
      const location = {
        view,
        carId: view === 'detail' || view === 'chat' ? 'c 1' : null,
        chatUserId: view === 'chat' ? 'dealer/9' : null,
        ...(view === 'browse' ? { browseQuery: '' } : {}),
      };
      expect(locationFromUrl(...(pathFor(location).split('?') as [string, string?]))).toEqual(location);
    }
  });

  it('uses the share-link shape /cars/{id} and the chosen paths', () => {
    expect(pathFor({ view: 'detail', carId: 'abc', chatUserId: null })).toBe('/cars/abc');
    expect(pathFor({ view: 'tiktok', carId: null, chatUserId: null })).toBe('/');
    expect(pathFor({ view: 'become-seller', carId: null, chatUserId: null })).toBe('/sell');
    expect(pathFor({ view: 'chat', carId: 'c1', chatUserId: 'u2' })).toBe('/messages/u2?car=c1');
  });

  it('opens the feed for unknown paths and browse for a car link without an id', () => {
    expect(locationFromUrl('/nowhere').view).toBe('tiktok');
    expect(locationFromUrl('/cars/').view).toBe('tiktok');
    expect(locationFromUrl('/browse/').view).toBe('browse');
  });
});

describe('history binding', () => {
  let unbind: () => void = () => undefined;
  beforeEach(() => {
    resetNavigation();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => unbind());

  it('opens a shared link /cars/{id} as detail with that car', () => {
    window.history.replaceState(null, '', '/cars/car-42');
    unbind = bindHistory(window);
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-42' });
  });

  it('rewrites an unknown path to the default view', () => {
    window.history.replaceState(null, '', '/no/such/page');
    unbind = bindHistory(window);
    expect(window.location.pathname).toBe('/');
  });

  it('pushes an entry per view change and follows back', async () => {
    unbind = bindHistory(window);
    const before = window.history.length;
    useNavigation.getState().navigate('browse');
    expect(window.location.pathname).toBe('/browse');
    useNavigation.getState().openCar('car-1');
    expect(window.location.pathname).toBe('/cars/car-1');
    expect(window.history.length).toBe(before + 2);

    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await popped;
    expect(useNavigation.getState()).toMatchObject({ view: 'browse', carId: null });
    expect(window.location.pathname).toBe('/browse');
  });

  it('does not push when only the login overlay changes', () => {
    unbind = bindHistory(window);
    const before = window.history.length;
    useNavigation.getState().showLogin();
    expect(window.history.length).toBe(before);
  });
});
