import { useEffect } from 'react';
import { locationFromUrl, useNavigation } from '@autoreel/ui';
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

/**
 * Opens the place a clicked OS notification names (main sends its link: '/messages/{userId}?car={carId}'), as the
 * browser would open that address.
 */
export function listenForNotificationOpens(bridge: Pick<DesktopBridge, 'on'>): void {
  bridge.on('notification.open', ({ link }) => {
    const url = new URL(link, 'https://autoreel.invalid');
    useNavigation.getState().restore(locationFromUrl(url.pathname, url.search));
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
