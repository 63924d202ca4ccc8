import { useEffect } from 'react';
import { useNavigation } from '@autoreel/ui';
import type { DesktopBridge } from '../../shared/ipc-contract.ts';

let mounted = false;
let pendingCarId: string | null = null;

/**
 * Listens for autoreel://cars/{id} links from main. Called before anything is awaited, so a link that started the
 * app (sent when the page loads) is not missed; a car that arrives before the app has mounted is opened once it
 * has, so the app's own start (reading the URL) does not overwrite it.
 */
export function listenForDeepLinks(bridge: Pick<DesktopBridge, 'on'>): void {
  bridge.on('deepLink.car', ({ carId }) => {
    if (mounted) useNavigation.getState().openCar(carId);
    else pendingCarId = carId;
  });
}

/** Rendered after the App: its effect runs once the App's own mount effects have. */
export function DeepLinkOpener() {
  useEffect(() => {
    mounted = true;
    if (pendingCarId) useNavigation.getState().openCar(pendingCarId);
    pendingCarId = null;
  }, []);
  return null;
}
