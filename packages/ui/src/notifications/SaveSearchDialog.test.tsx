import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostPush } from '../platform/host.ts';
import { normaliseUser, useSession } from '../state/session.ts';
import {
  demoUser,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { SaveSearchDialog } from './SaveSearchDialog.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  api.on('POST /saved-searches', ok({ id: 'search-1' }));
  api.on('GET /push/public-key', ok({ publicKey: 'BPublicKey' }));
  api.on('POST /push-subscriptions', ok({ subscribed: true }));
  useSession.setState({ status: 'authenticated', user: normaliseUser(demoUser) });
});
afterEach(cleanup);

/** A device whose person allows notifications when asked: what the browser's push gives the app. */
function devicePush(): HostPush & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    permission: () => 'default',
    subscribe: (publicKey) => {
      asked.push(publicKey);
      return Promise.resolve({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } });
    },
    unsubscribe: () => Promise.resolve(null),
    current: () => Promise.resolve(null),
  };
}

function renderDialog(push: HostPush) {
  const { host } = memoryHost();
  const onSaved = vi.fn();
  render(
    <TestProviders host={{ ...host, push }} baseUrl={api.baseUrl}>
      <SaveSearchDialog
        filters={{ make: 'BYD' }}
        suggestedName="BYD"
        onClose={() => undefined}
        onSaved={onSaved}
      />
    </TestProviders>,
  );
  return { onSaved };
}

describe('SaveSearchDialog', () => {
  it('asks for notifications when a search is saved with alerts, and registers the device', async () => {
    const push = devicePush();
    const { onSaved } = renderDialog(push);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/push-subscriptions')).toBe(true));
    expect(push.asked).toEqual(['BPublicKey']);
    const registered = api.calls.find((call) => call.path === '/push-subscriptions');
    expect(registered?.body).toEqual({
      endpoint: 'https://push.example/device-1',
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('does not ask when the search has no alerts', async () => {
    const push = devicePush();
    const { onSaved } = renderDialog(push);
    await userEvent.selectOptions(screen.getByLabelText('Alerts for new cars'), 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(push.asked).toEqual([]);
    expect(api.calls.some((call) => call.path.startsWith('/push'))).toBe(false);
  });
});
