import type { HostPush, HostPushSubscription } from '@autoreel/ui';

/** The service worker shows push messages and opens their link when clicked (resources/web/sw.js). */
const SERVICE_WORKER = '/sw.js';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the browser takes it: bytes, from the server's base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

function toHost(subscription: PushSubscription | null): HostPushSubscription | null {
  const json = subscription?.toJSON();
  if (!json?.endpoint || !json.keys?.['p256dh'] || !json.keys['auth']) return null;
  return { endpoint: json.endpoint, keys: { p256dh: json.keys['p256dh'], auth: json.keys['auth'] } };
}

/** The registration, registered the first time push is wanted: nothing is installed on a plain visit. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Web Push through the browser's push service and the storefront's service worker. */
export const webPush: HostPush = {
  permission: () => (supported() ? Notification.permission : 'unsupported'),
  async subscribe(publicKey) {
    if (!supported()) return null;
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') return null;
    const worker = await registration();
    const key = keyBytes(publicKey);
    let subscription = await worker.pushManager.getSubscription();
    // A subscription made with another server key cannot receive this server's messages: replace it.
    const current = subscription?.options.applicationServerKey;
    if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return toHost(subscription);
  },
  async unsubscribe() {
    if (!supported()) return null;
    const worker = await navigator.serviceWorker.getRegistration('/');
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) return null;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    return endpoint;
  },
  async current() {
    if (!supported()) return null;
    const worker = await navigator.serviceWorker.getRegistration('/');
    return toHost((await worker?.pushManager.getSubscription()) ?? null);
  },
};

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** The installed app's badge where the browser has one (Chrome, Edge, Safari on an installed app). */
export function setAppBadge(count: number): void {
  const badge = navigator as Navigator & {
    setAppBadge?: (count: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  const done = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
  // A refused badge (no installed app, no permission) changes nothing the page shows.
  done?.catch(() => undefined);
}
