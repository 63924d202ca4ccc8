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

const renderDetails = (fields: Partial<WizardFields>) => renderWizardAt(api.baseUrl, 4, fields);

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
