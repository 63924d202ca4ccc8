// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetNavigation, useNavigation } from '@autoreel/ui';
import type { EventMap } from '../../shared/ipc-contract.ts';
import { DeepLinkOpener, listenForDeepLinks } from './DeepLinkOpener.tsx';

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
