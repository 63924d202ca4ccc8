import { readFileSync } from 'node:fs';
import { startPushReceiver } from '../apps/api/test/support/push-receiver.ts';
import { dealerToken } from './dealer-flow.ts';
import { pushReceiverTls } from './e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { signUpCustomer } from './support.ts';

/*
 * Web Push end to end (issue 27): the server sends a saved search's alert to a push service (the receiver started
 * here, which checks VAPID and decrypts the aes128gcm payload as a browser's push service and device do), and what it
 * decrypted is handed to Chromium's push event for the storefront's service worker, which shows the notification.
 * Headless Chromium has no push service of its own to subscribe with, so the device is the receiver's and the
 * delivery into the worker is Chromium's own (DevTools' ServiceWorker.deliverPushMessage).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a pushed alert is shown by the storefront's service worker", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const receiver = await startPushReceiver({
    certificate: readFileSync(pushReceiverTls.certificate, 'utf8'),
    key: readFileSync(pushReceiverTls.key, 'utf8'),
  });
  try {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    await page.goto('/');

    // The storefront's worker, registered as the app registers it once notifications are allowed.
    const devtools = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((one) => one.scopeURL === `${origin}/` && !one.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    const registrationId = await registered;

    const buyer = await signUpCustomer(request, 'Push Buyer', 2);
    const asBuyer = { authorization: `Bearer ${buyer.accessToken}` };
    const device = receiver.newDevice();
    const subscribed = await request.post('/api/push-subscriptions', { headers: asBuyer, data: device });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    const model = `Dolphin ${Date.now().toString(36)}`;
    const saved = await request.post('/api/saved-searches', {
      headers: asBuyer,
      data: { name: 'my BYD', filters: { make: 'BYD', model }, alert: 'instant' },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    const created = await request.post('/api/cars', {
      headers: { authorization: `Bearer ${await dealerToken(request)}` },
      data: {
        make: 'BYD',
        model,
        year: 2025,
        price: 520000,
        mileage: 10,
        fuelType: 'Electric',
        transmission: 'Automatic',
        bodyType: 'Hatchback',
        exteriorColor: 'Blue',
        interiorColor: 'Grey',
        description: 'A city electric car with a long range.',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const carId = ((await created.json()) as { data: { id: string } }).data.id;

    // What the push service received: signed for its origin, encrypted for this device, about the new car.
    await expect
      .poll(() => receiver.received.filter((push) => push.payload.includes(carId)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const push = receiver.received.find((one) => one.payload.includes(carId))!;
    expect(push.path).toBe(new URL(device.endpoint).pathname);
    expect(push.vapid.aud).toBe(receiver.origin);
    const payload = JSON.parse(push.payload) as { title: string; body: string; link: string };
    expect(payload.title).toBe(`New match: 2025 BYD ${model}`);
    expect(payload.link).toBe(`/cars/${carId}`);

    await devtools.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: push.payload });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const worker = await navigator.serviceWorker.ready;
            return (await worker.getNotifications()).map((shown) => ({
              title: shown.title,
              body: shown.body,
              link: (shown.data as { link: string }).link,
            }));
          }),
        { timeout: 10_000 },
      )
      .toEqual([{ title: payload.title, body: payload.body, link: payload.link }]);
  } finally {
    await receiver.close();
  }
});
