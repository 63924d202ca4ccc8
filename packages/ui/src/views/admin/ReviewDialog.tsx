import { useId, useState } from 'react';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import type { PendingApplication, ReviewDecision } from '../../dealers/usePendingApplications.ts';
import forms from '../../kit/Form.module.css';
import styles from './Admin.module.css';

/** The API keeps review notes up to this length. */
export const REVIEW_NOTES_MAX_LENGTH = 1000;

export interface ReviewDialogProps {
  application: PendingApplication;
  kind: ReviewDecision['kind'];
  pending: boolean;
  error: string | null;
  onConfirm: (decision: ReviewDecision) => void;
  onClose: () => void;
}

/** Confirms an approval, or takes the review notes for a rejection, before anything is sent. */
export function ReviewDialog({ application, kind, pending, error, onConfirm, onClose }: ReviewDialogProps) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const name = application.businessName || application.applicant.name;
  const approve = kind === 'approve';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={approve ? `Approve ${name}?` : `Reject ${name}?`}
      description={
        approve
          ? `${application.applicant.name} becomes a dealer and can list cars from the dashboard straight away.`
          : `${application.applicant.name} will see that the application was rejected, with your notes, and cannot apply again.`
      }
    >
      <div className={styles.dialogBody}>
        {approve ? null : (
          <div className={forms.field}>
            <label className={forms.fieldLabel} htmlFor={notesId}>
              Review notes (shown to the applicant)
            </label>
            <textarea
              id={notesId}
              className={forms.textarea}
              rows={4}
              maxLength={REVIEW_NOTES_MAX_LENGTH}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              placeholder="For example: the business licence could not be verified."
            />
            <p className={forms.counter}>
              {notes.length}/{REVIEW_NOTES_MAX_LENGTH}
            </p>
          </div>
        )}
        {error ? (
          <p className={forms.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={forms.actions}>
          <Button
            variant={approve ? 'primary' : 'danger'}
            loading={pending}
            onClick={() => onConfirm(approve ? { kind: 'approve' } : { kind: 'reject', reviewNotes: notes })}
          >
            {approve ? 'Approve Dealer' : 'Reject Application'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
