import { useEffect, useRef } from 'react';
import type { TitledMessage } from '@autoreel/core';
import { AlertIcon } from '../kit/icons.tsx';
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

/**
 * What a step refuses ('Video Required - Please add a video to showcase your car'), said inline beside the step's
 * Next button, where the seller's finger is, and brought into view; the seller fixes it without closing anything.
 */
export function StepAlert({ alert }: { alert: TitledMessage }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [alert]);
  return (
    <div ref={box} className={styles.stepAlert} role="alert">
      <AlertIcon size={18} />
      <p>
        <strong>{alert.title}</strong> {alert.message}
      </p>
    </div>
  );
}
