import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryDraftStore } from '../platform/draft-store.ts';
import { memoryHost, startTestApi, type TestApiServer } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { AddCarWizard } from './AddCarWizard.tsx';
import type { WizardFields } from './wizard-fields.ts';
import { filledWizardFields } from './wizard-fields.test-support.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => cleanup());

function renderPricing(fields: Partial<WizardFields>) {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  const store = memoryDraftStore({
    'add-car:guest': { version: 1, step: 3, fields: filledWizardFields(fields) },
  });
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <AddCarWizard draftStore={store} />
    </TestProviders>,
  );
  return userEvent.setup();
}

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
