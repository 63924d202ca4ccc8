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

function renderDetails(fields: Partial<WizardFields>) {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  const store = memoryDraftStore({
    'add-car:guest': { version: 1, step: 4, fields: filledWizardFields(fields) },
  });
  render(
    <TestProviders host={host} baseUrl={api.baseUrl}>
      <AddCarWizard draftStore={store} />
    </TestProviders>,
  );
  return userEvent.setup();
}

describe('the Details step: seats', () => {
  it("hints the model's usual seats and checks what the seller types at the field", async () => {
    const user = renderDetails({ model: 'Fortuner', bodyType: 'SUV' });
    const seats = await screen.findByLabelText<HTMLInputElement>('Seats');
    expect(seats.placeholder).toBe('7 (usual for this model)');
    await user.type(seats, '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Seats must be a whole number from 1 to 16')).toBeTruthy();
    await user.clear(seats);
    await user.type(seats, '7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 5 of 5: Features' })).toBeTruthy();
  });
});
