import { useState } from 'react';
import type { AppInfo } from '../../shared/ipc-contract.ts';

/** Says so when the session cannot be kept in the keychain: the dealer signs in again after a restart. */
export function KeychainNotice({ info }: { info: AppInfo }) {
  const [dismissed, setDismissed] = useState(false);
  if (info.vault === 'keychain' || dismissed) return null;
  return (
    <div role="status" className="keychain-notice">
      <span>
        {info.vaultProblem ??
          'The system keychain is not available: you stay signed in until the console quits.'}
      </span>
      <button type="button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
