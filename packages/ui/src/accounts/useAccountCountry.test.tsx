import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normaliseUser, useSession } from '../state/session.ts';
import {
  demoUser,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { BUYER_COUNTRY_KEY, chooseCountry } from './buyer-country.ts';
import { useAccountCountry } from './useAccountCountry.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  api.on('PUT /account/country', (call) =>
    ok({ countryCode: (call.body as { countryCode: string }).countryCode }),
  );
  localStorage.removeItem(BUYER_COUNTRY_KEY);
  useSession.setState({ status: 'anonymous', user: null });
});
afterEach(cleanup);

function Probe() {
  useAccountCountry();
  return null;
}

function mount() {
  const { host, store } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <Probe />
    </TestProviders>,
  );
  return store;
}

const signInAs = (countryCode: string | null | undefined) =>
  act(() => {
    const user = normaliseUser(demoUser(countryCode === undefined ? {} : { countryCode }))!;
    useSession.setState({ status: 'authenticated', user });
  });
const countryCalls = () => api.calls.filter((call) => call.path === '/account/country');

describe('useAccountCountry', () => {
  it("brings the account's country to this device when the session starts", async () => {
    chooseCountry('SZ');
    mount();
    signInAs('ZA');
    await waitFor(() => expect(localStorage.getItem(BUYER_COUNTRY_KEY)).toBe('ZA'));
    expect(countryCalls()).toEqual([]);
  });

  it("keeps the device's choice with an account that has none, and each later choice too", async () => {
    chooseCountry('ZA');
    const store = mount();
    signInAs(null);
    await waitFor(() => expect(countryCalls().map((call) => call.body)).toEqual([{ countryCode: 'ZA' }]));
    await waitFor(() => expect(useSession.getState().user?.countryCode).toBe('ZA'));
    expect((store.user as { countryCode: string }).countryCode).toBe('ZA');
    act(() => chooseCountry('SZ'));
    await waitFor(() =>
      expect(countryCalls().map((call) => call.body)).toEqual([{ countryCode: 'ZA' }, { countryCode: 'SZ' }]),
    );
  });

  it('sends nothing while signed out, or for a stored user whose account country is not known yet', async () => {
    chooseCountry('ZA');
    mount();
    act(() => chooseCountry('SZ'));
    signInAs(undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(countryCalls()).toEqual([]);
    expect(localStorage.getItem(BUYER_COUNTRY_KEY)).toBe('SZ');
  });
});
