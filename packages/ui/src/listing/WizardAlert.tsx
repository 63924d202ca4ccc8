import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import styles from './Wizard.module.css';

export interface WizardAlertContent {
  kind: 'info' | 'error' | 'success';
  title: string;
  message: string;
}

/** SPEC 8: the wizard's dialogs have kinds info, error or success, and an OK button. */
export function WizardAlert({ alert, onClose }: { alert: WizardAlertContent | null; onClose: () => void }) {
  return (
    <Dialog
      open={alert !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={alert?.title ?? ''}
    >
      <div className={styles.alertBody} data-kind={alert?.kind}>
        <p className={styles.alertMessage}>{alert?.message}</p>
        <Button onClick={onClose}>OK</Button>
      </div>
    </Dialog>
  );
}
