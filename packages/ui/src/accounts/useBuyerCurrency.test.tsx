import { useQueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { useBuyerCurrency } from './useBuyerCurrency.ts';
import { BUYER_COUNTRY_KEY, chooseCountry } from './buyer-country.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(cleanup);

/** The hook's answer once GET /countries/current has settled. */
async function settledCurrency() {
  const { host } = memoryHost();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders host={host} baseUrl={api.baseUrl}>
      {children}
    </TestProviders>
  );
  const useProbe = () => ({ currency: useBuyerCurrency(), client: useQueryClient() });
  const { result, rerender } = renderHook(useProbe, { wrapper });
  const status = () => result.current.client.getQueryState(['countries', 'current'])?.status;
  await waitFor(() => expect(['success', 'error']).toContain(status()));
  // The hook reads only the answer's data, so a failure does not render it again by itself.
  rerender();
  return result.current.currency;
}

const country = (code: string, symbol: string) => ok({ country: { currency: { code, name: code, symbol } } });

describe('useBuyerCurrency', () => {
  it("is the buyer's country's currency when the marketplace has a rate for it", async () => {
    api.on('GET /countries/current', country('USD', '$'));
    expect(await settledCurrency()).toEqual({ code: 'USD', symbol: '$' });
  });

  it('is the lilangeni for a currency without a rate', async () => {
    api.on('GET /countries/current', country('JPY', '¥'));
    expect(await settledCurrency()).toEqual({ code: 'SZL', symbol: 'E' });
  });

  it('is the lilangeni when the country is not known', async () => {
    api.on('GET /countries/current', fail(404, 'Not found'));
    expect(await settledCurrency()).toEqual({ code: 'SZL', symbol: 'E' });
  });
});

describe('useBuyerCurrency with a chosen country', () => {
  afterEach(() => window.localStorage.removeItem(BUYER_COUNTRY_KEY));

  it("is the chosen country's currency, whatever the server guesses", async () => {
    api.on('GET /countries/current', country('USD', '$'));
    const { host } = memoryHost();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders host={host} baseUrl={api.baseUrl}>
        {children}
      </TestProviders>
    );
    window.localStorage.setItem(BUYER_COUNTRY_KEY, 'ZA');
    const { result } = renderHook(() => useBuyerCurrency(), { wrapper });
    expect(result.current).toEqual({ code: 'ZAR', symbol: 'R' });
    act(() => chooseCountry('SZ'));
    expect(result.current).toEqual({ code: 'SZL', symbol: 'E' });
  });
});
