import { useState, type FormEvent } from 'react';
import { ACCOUNT_DELETION_DAYS } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { Dialog } from '../../../kit/Dialog.tsx';
import { PasswordField } from '../../../kit/TextField.tsx';
import { useToast } from '../../../kit/Toast.tsx';
import { useDeleteAccount } from '../../../accounts/useAccountDeletion.ts';
import forms from '../../../kit/Form.module.css';
import styles from '../Account.module.css';

/**
 * Deleting the account (SPEC 9, issue 14): the password confirms it; the server then ends every session, takes the
 * listings and conversations down at once and erases the rest within 30 days; this device is signed out after.
 * Settings offers it last, as a quiet outlined danger button: never the page's most prominent one.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const toast = useToast();
  const deletion = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const openChange = (open: boolean) => {
    if (deletion.isPending) return;
    setConfirming(open);
    if (!open) {
      setPassword('');
      setMissing(false);
      deletion.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    deletion.mutate(password, {
      onSuccess: () => {
        toast({
          title: 'Account deleted',
          description: `You are signed out. What is left of your data is erased within ${ACCOUNT_DELETION_DAYS} days.`,
          tone: 'success',
        });
        onDeleted();
      },
    });
  };

  return (
    <section className={styles.dangerZone} aria-labelledby="delete-account-title">
      <h3 id="delete-account-title" className={styles.legalHeading}>
        Delete account
      </h3>
      <p className={styles.muted}>
        Your listings and conversations disappear at once and you are signed out everywhere. What is left of
        your personal data is erased within {ACCOUNT_DELETION_DAYS} days.
      </p>
      <div>
        <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
          Delete My Account
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={openChange}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
      >
        <form className={styles.stack} onSubmit={submit} noValidate>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing(false);
            }}
            error={missing ? 'Enter your password' : null}
            disabled={deletion.isPending}
          />
          {deletion.isError ? (
            <p className={styles.formError} role="alert">
              {deletion.error.message}
            </p>
          ) : null}
          <div className={forms.actions}>
            <Button type="submit" variant="danger" loading={deletion.isPending}>
              Delete Account
            </Button>
            <Button variant="ghost" onClick={() => openChange(false)} disabled={deletion.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
