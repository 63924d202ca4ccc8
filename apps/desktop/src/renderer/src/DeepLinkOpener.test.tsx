// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetNavigation, useNavigation } from '@autoreel/ui';
import type { EventMap } from '../../shared/ipc-contract.ts';
import { DeepLinkOpener, listenForDeepLinks, listenForNotificationOpens } from './DeepLinkOpener.tsx';

/** main's side of the deepLink.car event, as the preload delivers it. */
function deepLinks() {
  let listener: ((payload: EventMap['deepLink.car']) => void) | null = null;
  return {
    bridge: {
      on: ((_channel: 'deepLink.car', l: (payload: EventMap['deepLink.car']) => void) => {
        listener = l;
        return () => (listener = null);
      }) as never,
    },
    open: (carId: string) => listener?.({ carId }),
  };
}

afterEach(cleanup);

describe('deep links in the renderer', () => {
  it('keeps a link that arrives before the app mounts, opens it once mounted, then opens later ones at once', () => {
    resetNavigation();
    const main = deepLinks();
    listenForDeepLinks(main.bridge);
    main.open('car-started-the-app');
    // Not yet: the app has not mounted and would read its start location over it.
    expect(useNavigation.getState().view).not.toBe('detail');

    render(<DeepLinkOpener />);
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-started-the-app' });

    act(() => main.open('car-while-running'));
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-while-running' });
  });
});

describe('clicked OS notifications in the renderer', () => {
  it('opens the conversation the notification names, with its car', () => {
    resetNavigation();
    let listener: ((payload: EventMap['notification.open']) => void) | null = null;
    listenForNotificationOpens({
      on: ((_channel: 'notification.open', l: (payload: EventMap['notification.open']) => void) => {
        listener = l;
        return () => (listener = null);
      }) as never,
    });
    const userId = '0b7c2a4e-8f1d-4c3b-9a6e-2d5f7e9a1b3c';
    const carId = '4a1b2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    act(() => listener?.({ link: `/messages/${userId}?car=${carId}` }));
    expect(useNavigation.getState()).toMatchObject({ view: 'chat', chatUserId: userId, carId });
  });
});
