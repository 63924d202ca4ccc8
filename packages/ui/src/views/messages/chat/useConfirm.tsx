import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../kit/Button.tsx';
import { Dialog } from '../../../kit/Dialog.tsx';
import styles from './Chat.module.css';

interface Pending {
  title: string;
  message: string;
  /** An alert has only OK; a confirmation has Cancel and Continue. */
  kind: 'alert' | 'confirm';
}

/**
 * In-page confirm and alert dialogs that resolve like window.confirm/alert, so a flow of questions (SPEC 5's
 * attachment confirmations) reads top to bottom. Closing the dialog answers 'no'.
 */
export function useConfirm(): {
  confirm: (message: string, title?: string) => Promise<boolean>;
  alert: (message: string, title?: string) => Promise<void>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback((next: Pending) => {
    resolver.current?.(false);
    setPending(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setPending(null);
  };

  const confirm = useCallback(
    (message: string, title = 'Please confirm') => ask({ title, message, kind: 'confirm' }),
    [ask],
  );
  const alert = useCallback(
    async (message: string, title = 'Attachments') => {
      await ask({ title, message, kind: 'alert' });
    },
    [ask],
  );

  const dialog = (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && answer(false)}
      title={pending?.title ?? ''}
    >
      <p className={styles.dialogText} role={pending?.kind === 'alert' ? 'alert' : undefined}>
        {pending?.message}
      </p>
      <div className={styles.dialogActions}>
        {pending?.kind === 'confirm' ? (
          <>
            <Button variant="secondary" onClick={() => answer(false)}>
              Cancel
            </Button>
            <Button onClick={() => answer(true)}>Continue</Button>
          </>
        ) : (
          <Button onClick={() => answer(true)}>OK</Button>
        )}
      </div>
    </Dialog>
  );
  return { confirm, alert, dialog };
}
