import type { ReactNode } from 'react';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import styles from './Dashboard.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** A failure of the confirmed action, shown in the dialog so the user can retry or cancel. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that changes many cars or cannot be taken back. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={title}>
      <div className={styles.stack}>
        <div>{children}</div>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.row}>
          <span className={styles.spacer} />
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy ?? false}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
