// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/ipc-contract.ts';
import { KeychainNotice } from './KeychainNotice.tsx';

const info: AppInfo = {
  platform: 'linux',
  version: '0.1.0',
  vault: 'keychain',
  vaultProblem: null,
  apiBaseUrl: 'app://console/api',
  mediaBase: 'app://console',
};

afterEach(cleanup);

describe('KeychainNotice', () => {
  it('says nothing when the session is kept in the keychain', () => {
    const { container } = render(<KeychainNotice info={info} />);
    expect(container.innerHTML).toBe('');
  });

  it('says that the session ends with the app when there is no keychain, until dismissed', async () => {
    const problem =
      'The system keychain is not available (no Secret Service). You stay signed in until the console quits, ' +
      'and will need to sign in again next time.';
    render(<KeychainNotice info={{ ...info, vault: 'memory', vaultProblem: problem }} />);
    expect(screen.getByRole('status').textContent).toContain(problem);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
