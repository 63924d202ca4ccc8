import { useState } from 'react';
import { ACCOUNT_DELETION_DAYS, shortDate } from '@autoreel/core';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useToast } from '../../../components/Toast.tsx';
import { useDeletionStatus, useRequestDeletion } from './useAccountDeletion.ts';
import forms from '../../Form.module.css';
import styles from '../Account.module.css';

/**
 * Asking for the account to be deleted (SPEC 9: within 30 days). The request is recorded on the server and the
 * team carries it out; until then the account keeps working, so the screen says a request is pending.
 */
export function DeleteAccount({ userId }: { userId: string }) {
  const toast = useToast();
  const status = useDeletionStatus(userId);
  const request = useRequestDeletion(userId);
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    request.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast({ title: 'Deletion requested', description: answer.message, tone: 'success' });
      },
      onError: () => setConfirming(false),
    });
  };

  let body;
  if (status.isPending) {
    body = <Spinner size={20} label="Checking your account" />;
  } else if (status.data?.requestedAt) {
    body = (
      <p className={styles.warning} role="status">
        Deletion requested on {shortDate(status.data.requestedAt)}. We will delete your account within{' '}
        {ACCOUNT_DELETION_DAYS} days of the request.
      </p>
    );
  } else {
    body = (
      <>
        <p className={styles.muted}>
          We delete your account, listings and messages within {ACCOUNT_DELETION_DAYS} days of your request.
        </p>
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete My Account
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className={styles.dangerZone} aria-labelledby="delete-account-title">
      <h3 id="delete-account-title" className={styles.legalHeading}>
        Delete account
      </h3>
      {body}
      {status.isError ? (
        <p className={styles.formError} role="alert">
          Could not check for a pending deletion request: {status.error.message}
        </p>
      ) : null}
      {request.isError ? (
        <p className={styles.formError} role="alert">
          {request.error.message}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description={`Your account, your listings and your messages will be deleted within ${ACCOUNT_DELETION_DAYS} days. This cannot be undone.`}
      >
        <div className={forms.actions}>
          <Button variant="danger" loading={request.isPending} onClick={confirm}>
            Request Deletion
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={request.isPending}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
