import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_KEY, comparedIds, setCompared } from '../../state/compare.ts';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { bindHistory } from '../../state/url.ts';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../../testing/api-server.test-support.ts';
import { listedCar } from '../../testing/discover-fixtures.test-support.ts';
import { TestProviders } from '../../testing/providers.tsx';
import { CompareView } from './CompareView.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const now = Date.now();
const day = 24 * 60 * 60 * 1000;
const cars = {
  'car-1': listedCar(1, {
    price: 450000,
    year: 2019,
    createdAt: new Date(now - 12 * day).toISOString(),
    features: ['Bluetooth', 'Sunroof'],
    dealerRating: 4.5,
    dealerReviews: 8,
    replyTime: { medianMinutes: 30, sample: 5 },
  }),
  'car-2': listedCar(2, {
    price: 520000,
    year: 2021,
    createdAt: new Date(now - 3 * day).toISOString(),
    features: ['Bluetooth'],
    dealerRating: 3.9,
    dealerReviews: 2,
    replyTime: null,
  }),
  'car-3': listedCar(3, {
    price: 480000,
    year: 2021,
    createdAt: new Date(now).toISOString(),
    features: ['Bluetooth', 'Leather seats'],
    replyTime: null,
  }),
};

beforeEach(() => {
  api.calls.length = 0;
  localStorage.removeItem(COMPARE_KEY);
  resetNavigation();
  window.history.replaceState(null, '', '/');
  api.on('GET /cars/car-1', ok(cars['car-1']));
  api.on('GET /cars/car-2', ok(cars['car-2']));
  api.on('GET /cars/car-3', ok(cars['car-3']));
  api.on('GET /cars/car-gone', fail(404, 'Car not found'));
  api.on('POST /ai/pricing-insights', (call) =>
    ok(
      (call.body as { carId: string }).carId === 'car-1'
        ? { marketPrice: 488000, insights: [], comparison: [], marketPosition: 'below', comparables: 6 }
        : { marketPrice: null, insights: [], comparison: [], marketPosition: null, comparables: 0 },
    ),
  );
});
afterEach(cleanup);

function renderCompare() {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <CompareView />
    </TestProviders>,
  );
}

const cellsOf = (table: HTMLElement, label: string) => {
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${label}`) });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

describe('CompareView', () => {
  it('puts the chosen cars side by side, marks the lines that differ and the best figure of each', async () => {
    setCompared(['car-1', 'car-2', 'car-3']);
    renderCompare();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('columnheader')).toHaveLength(3));
    expect(cellsOf(table, 'Price')).toEqual(['E450,000Best', 'E520,000', 'E480,000']);
    expect(cellsOf(table, 'Year')).toEqual(['2019', '2021Best', '2021Best']);
    expect(cellsOf(table, 'Fuel')).toEqual(['Electric', 'Electric', 'Electric']);
    expect(
      within(table)
        .getByRole('rowheader', { name: /^Price/ })
        .closest('tr')?.dataset['differs'],
    ).toBe('true');
    expect(
      within(table).getByRole('rowheader', { name: /^Fuel/ }).closest('tr')?.dataset['differs'],
    ).toBeUndefined();
    expect(cellsOf(table, 'For sale')).toEqual(['12 days', '3 days', 'Listed today']);
    expect(cellsOf(table, 'Replies')).toEqual([
      'Usually replies within an hour',
      'Not known yet',
      'Not known yet',
    ]);
    await waitFor(() => expect(cellsOf(table, 'Against similar cars')[0]).toBe('E38,000 under similar cars'));
    // Each feature any car has: present or missing.
    expect(cellsOf(table, 'Sunroof')).toEqual(['Yes', 'No', 'No']);
    expect(cellsOf(table, 'Bluetooth')).toEqual(['Yes', 'Yes', 'Yes']);
    expect(screen.getByText('Comparing 3 of 3 cars')).toBeTruthy();
    // The address names the cars, so the comparison can be shared and reopened.
    expect(window.location.pathname + window.location.search).toBe('/compare?cars=car-1,car-2,car-3');
  });

  it('removes a car from the comparison, and says so when none is left', async () => {
    setCompared(['car-1']);
    renderCompare();
    expect(await screen.findByText('Add another car to compare it with.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Remove 2019 Tesla Model 1/ }));
    expect(await screen.findByRole('heading', { name: 'No cars to compare yet' })).toBeTruthy();
    expect(comparedIds()).toEqual([]);
  });

  it('says when a chosen car is no longer listed, and takes it out', async () => {
    setCompared(['car-gone', 'car-2']);
    renderCompare();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('A car you chose is no longer listed.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(comparedIds()).toEqual(['car-2']));
  });

  it("opens a shared comparison's cars from its address", () => {
    setCompared(['car-3']);
    window.history.replaceState(null, '', '/compare?cars=car-1,car-2');
    const unbind = bindHistory(window);
    try {
      expect(useNavigation.getState().view).toBe('compare');
      expect(comparedIds()).toEqual(['car-1', 'car-2']);
      expect(window.location.search).toBe('?cars=car-1,car-2');
    } finally {
      unbind();
    }
  });
});
