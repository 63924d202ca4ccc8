import { useEffect } from 'react';
import { Button } from '../../../kit/Button.tsx';
import styles from './Inventory.module.css';

/** How long a bulk change can be undone from the toast. */
export const UNDO_WINDOW_MS = 10_000;

export interface UndoToastProps {
  message: string;
  busy: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}

/** A polite toast with an Undo button that disappears after UNDO_WINDOW_MS (or once used). */
export function UndoToast({ message, busy, onUndo, onDismiss }: UndoToastProps) {
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(onDismiss, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [busy, onDismiss]);
  return (
    <div className={styles.undo} role="status" aria-live="polite">
      <span>{message}</span>
      <Button size="sm" variant="secondary" onClick={onUndo} loading={busy}>
        Undo
      </Button>
      <Button size="sm" variant="ghost" className={styles.undoDismiss} onClick={onDismiss} disabled={busy}>
        Dismiss
      </Button>
    </div>
  );
}
