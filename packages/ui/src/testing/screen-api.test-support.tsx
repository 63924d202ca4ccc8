import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetNavigation } from '../state/navigation.ts';
import { normaliseUser, resetSession, useSession, type SessionUser } from '../state/session.ts';
import { demoUser, memoryHost, startTestApi, type TestApiServer } from './api-server.test-support.ts';
import { TestProviders } from './providers.tsx';

/**
 * One test API server for a test file, with navigation, session and the recorded calls reset before each test and
 * the DOM cleaned after it. Routes set with `on` stay until replaced.
 */
export function screenTestApi(): TestApiServer {
  let server: TestApiServer | undefined;
  const current = () => {
    if (!server) throw new Error('the test API starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startTestApi();
  });
  afterAll(() => current().close());
  beforeEach(() => {
    resetNavigation();
    resetSession();
    current().calls.length = 0;
  });
  afterEach(() => cleanup());
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get calls() {
      return current().calls;
    },
    on: (key, route) => current().on(key, route),
    push: (event, data) => current().push(event, data),
    close: () => current().close(),
  };
}

/**
 * Renders a screen for a signed-in user (stored tokens, session set) against the test API at baseUrl; the screen
 * may be given as a function of the session's user.
 */
export function renderSignedIn(
  baseUrl: string,
  element: ReactElement | ((user: SessionUser) => ReactElement),
  user: Record<string, unknown> = {},
) {
  const stored = demoUser(user);
  const { host, store } = memoryHost({
    tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' },
    user: stored,
  });
  const session = normaliseUser(stored);
  if (!session) throw new Error('bad test user');
  useSession.setState({ status: 'authenticated', user: session });
  render(
    <TestProviders host={host} baseUrl={baseUrl}>
      {typeof element === 'function' ? element(session) : element}
    </TestProviders>,
  );
  return { user: userEvent.setup(), host, store, session };
}

/** A car as GET /cars/user/liked lists it. */
export function likedCar(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `car-${n}`,
    _id: `car-${n}`,
    make: n % 2 === 0 ? 'Toyota' : 'BMW',
    model: `Model ${n}`,
    year: 2010 + (n % 15),
    mileage: 1000 * n,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    bodyType: 'SUV',
    price: 100000 + n,
    formattedPrice: `E ${n}00,000`,
    images: [],
    videos: [],
    dealerName: 'Mbabane Motors',
    sellerType: 'dealer',
    likedAt: new Date().toISOString(),
    ...overrides,
  };
}
