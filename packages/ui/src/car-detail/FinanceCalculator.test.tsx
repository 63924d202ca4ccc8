import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthlyPayment } from '@autoreel/core';
import { memoryHost, ok, startTestApi, type TestApiServer } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { resetNavigation } from '../state/navigation.ts';
import { CarDetail } from './CarDetail.tsx';
import { FINANCE_ESTIMATE_NOTE, FinanceCalculator } from './FinanceCalculator.tsx';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetNavigation();
  api.on(
    'POST /ai/pricing-insights',
    ok({ marketPrice: null, insights: [], comparison: [], marketPosition: null, comparables: 0 }),
  );
});
afterEach(() => cleanup());

const car = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  mileage: 45000,
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
  condition: 'Used',
  features: [],
  description: 'One owner.',
  images: [],
  videos: [],
  price: 450000,
  dealerId: 'd1',
  dealerName: 'Mbabane Motors',
  ...overrides,
});

function renderDetail() {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <CarDetail carId="c1" />
    </TestProviders>,
  );
  return userEvent.setup();
}

const monthly = () => screen.getByTestId('finance-monthly').textContent;

describe('FinanceCalculator on the detail page', () => {
  it("loads after the page and estimates with Eswatini's defaults, saying plainly it is an estimate", async () => {
    api.on('GET /cars/c1', ok(car()));
    renderDetail();
    const calculator = await screen.findByRole('region', { name: 'Finance estimate' });
    // E450,000 less a 10% deposit is E405,000 at 13.5% over 60 months: E9,318.99 a month (core's formula).
    expect(
      monthlyPayment({
        price: 450_000,
        deposit: 45_000,
        months: 60,
        annualRatePercent: 13.5,
        balloonPercent: 0,
      }),
    ).toBe(9318.99);
    expect(monthly()).toBe('E9,318.99 / month');
    expect(within(calculator).getByText(FINANCE_ESTIMATE_NOTE)).toBeTruthy();
    expect(FINANCE_ESTIMATE_NOTE).toMatch(/estimate/);
    expect(within(calculator).getByLabelText('Deposit (E)')).toHaveProperty('value', '45000');
    expect(within(calculator).getByLabelText('Term (months)')).toHaveProperty('value', '60');
    expect(within(calculator).getByLabelText('Interest rate (% a year)')).toHaveProperty('value', '13.5');
  });

  it('follows the term and the balloon, and explains terms it cannot estimate', async () => {
    api.on('GET /cars/c1', ok(car()));
    const user = renderDetail();
    await screen.findByRole('region', { name: 'Finance estimate' });
    const term = screen.getByLabelText('Term (months)');
    await user.clear(term);
    await user.type(term, '72');
    await user.clear(screen.getByLabelText('Balloon (% of price)'));
    await user.type(screen.getByLabelText('Balloon (% of price)'), '20');
    // E405,000 at 13.5% over 72 months with a E90,000 balloon: E7,419.27 a month.
    expect(monthly()).toBe('E7,419.27 / month');
    expect(screen.getByText(/then a E90,000 balloon/)).toBeTruthy();
    await user.clear(term);
    await user.type(term, '120');
    expect(screen.getByRole('alert').textContent).toBe('The term must be 12 to 96 months');
    expect(screen.queryByTestId('finance-monthly')).toBeNull();
    await user.clear(screen.getByLabelText('Balloon (% of price)'));
    await user.type(screen.getByLabelText('Balloon (% of price)'), '35');
    await user.clear(term);
    await user.type(term, '60');
    expect(screen.getByRole('alert').textContent).toBe('The balloon can be at most 30% here');
  });

  it('is not shown for a car without a price', async () => {
    api.on('GET /cars/c1', ok(car({ price: 0 })));
    renderDetail();
    expect(await screen.findByText('Contact for price')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Finance estimate' })).toBeNull();
  });

  it("estimates a rand price with South Africa's defaults, in rand", () => {
    render(<FinanceCalculator car={{ price: 500_000, currency: { code: 'ZAR', symbol: 'R' } }} />);
    // R500,000 less 10% at 13.25% over 72 months.
    const expected = monthlyPayment({
      price: 500_000,
      deposit: 50_000,
      months: 72,
      annualRatePercent: 13.25,
      balloonPercent: 0,
    });
    expect(monthly()).toBe(`R${expected.toLocaleString('en-US', { minimumFractionDigits: 2 })} / month`);
    expect(screen.getByText('Paid at the end; up to 40%')).toBeTruthy();
  });
});
