import { cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostNotification } from '../platform/host.ts';
import { useMessageStream } from '../messaging/useMessageStream.ts';
import { signInAsBuyer } from '../messaging/fixtures.test-support.ts';
import { resetNavigation, useNavigation } from '../state/navigation.ts';
import { resetSession } from '../state/session.ts';
import {
  eventStream,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { useHostNotifications } from './useHostNotifications.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  signInAsBuyer();
  api.on('GET /messages/stream', eventStream());
  api.on('GET /messages/unread-count', ok({ unreadCount: 0 }));
  api.on('GET /notifications', ok({ notifications: [], page: 1, limit: 20, total: 0, unreadCount: 2 }));
});
afterEach(() => {
  cleanup();
  resetSession();
  vi.restoreAllMocks();
});

const priceDrop = {
  id: 'n-1',
  kind: 'price_drop',
  title: 'Price drop',
  body: '2021 BMW X1 is now E450,000 (E30,000 less)',
  link: '/cars/car-1',
  readAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

/** The shell's part: the stream, its notifications handed to the host. */
function Shell() {
  useMessageStream(useHostNotifications());
  return null;
}

/** A host that records what reaches the OS, and can click a shown notification as the OS would. */
function recordingHost() {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  const shown: HostNotification[] = [];
  const badges: number[] = [];
  let click: ((link: string) => void) | null = null;
  host.notify = (notification) => shown.push(notification);
  host.setBadgeCount = (count) => badges.push(count);
  host.onNotificationOpen = (listener) => {
    click = listener;
    return () => (click = null);
  };
  return { host, shown, badges, click: (link: string) => click?.(link) };
}

/**
 * The shell on a host that records what reaches the OS, the app in front or not; once the badge shows the first
 * count (2), a price drop arrives over the stream and the badge follows it to 3.
 */
async function priceDropArrives(inFront: boolean) {
  const os = recordingHost();
  vi.spyOn(document, 'hasFocus').mockReturnValue(inFront);
  render(
    <TestProviders host={os.host} baseUrl={api.baseUrl}>
      <Shell />
    </TestProviders>,
  );
  await waitFor(() => expect(os.badges.at(-1)).toBe(2));
  // The list the event has the client reload holds the new one too.
  api.on(
    'GET /notifications',
    ok({ notifications: [priceDrop], page: 1, limit: 20, total: 1, unreadCount: 3 }),
  );
  await api.push('notification', { unreadCount: 3, notification: priceDrop });
  await waitFor(() => expect(os.badges.at(-1)).toBe(3));
  return os;
}

describe('notifications beyond the page', () => {
  it('badges the unread count, shows a new one on the OS while in the background, and opens it when clicked', async () => {
    const os = await priceDropArrives(false);
    expect(os.shown).toEqual([{ title: priceDrop.title, body: priceDrop.body, link: '/cars/car-1' }]);

    os.click('/cars/car-1');
    expect(useNavigation.getState()).toMatchObject({ view: 'detail', carId: 'car-1' });
  }, 15_000);

  it('leaves the OS alone while the app is in front, and clears the badge when signed out', async () => {
    const os = await priceDropArrives(true);
    expect(os.shown).toEqual([]);

    resetSession();
    await waitFor(() => expect(os.badges.at(-1)).toBe(0));
  }, 15_000);
});
