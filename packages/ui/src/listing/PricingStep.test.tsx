import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApiServer } from '../testing/api-server.test-support.ts';
import { renderWizardAt } from './wizard-at-step.test-support.tsx';
import type { WizardFields } from './wizard-fields.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => cleanup());

const renderPricing = (fields: Partial<WizardFields>) => renderWizardAt(api.baseUrl, 3, fields);

const hilux = { make: 'Toyota', model: 'Hilux', year: '2020' };

describe('the Pricing step: a price far below the model', () => {
  it('asks "E12, did you mean E12,000?" and takes the thousands when asked to', async () => {
    const user = renderPricing({ ...hilux, price: '12' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('E12, did you mean E12,000?');
    expect(screen.getByRole('heading', { name: 'Step 3 of 5: Pricing' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use E12,000' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 5: Details' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('12000');
  });

  it('keeps the price the seller says is right, and asks no more about it', async () => {
    const user = renderPricing({ ...hilux, price: '12' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Keep E12' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 5: Details' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 5: Details' })).toBeTruthy();
  });

  it('moves on at once with a price the model sells for, or none', async () => {
    const user = renderPricing({ ...hilux, price: '385000' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 5: Details' })).toBeTruthy();
    expect(screen.queryByText(/did you mean/)).toBeNull();
  });
});
