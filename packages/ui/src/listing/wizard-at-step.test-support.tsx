import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryDraftStore } from '../platform/draft-store.ts';
import { memoryHost } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { AddCarWizard } from './AddCarWizard.tsx';
import type { WizardFields } from './wizard-fields.ts';
import { filledWizardFields } from './wizard-fields.test-support.ts';

/** The wizard opened at `step` from a draft filled in the way a dealer would, with `fields` changed. */
export function renderWizardAt(baseUrl: string, step: number, fields: Partial<WizardFields>) {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  const store = memoryDraftStore({
    'add-car:guest': { version: 1, step, fields: filledWizardFields(fields) },
  });
  render(
    <TestProviders host={host} baseUrl={baseUrl}>
      <AddCarWizard draftStore={store} />
    </TestProviders>,
  );
  return userEvent.setup();
}
