import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  REPORT_THANKS,
  type ReportReason,
  type ReportTargetType,
} from '@autoreel/core';
import { useId, useState } from 'react';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import forms from '../kit/Form.module.css';
import { useFormSubmit } from '../platform/useFormSubmit.ts';
import { useFileReport } from './queries.ts';
import styles from './Moderation.module.css';

export const REPORT_ALREADY_SENT = 'You already reported this. Our team will review it.';
export const CHOOSE_A_REASON = 'Choose a reason';

/**
 * The one Report dialog of the app (listing, person, message, review, comment): a reason and optional details,
 * sent to POST /reports. The person reported is not told who sent it.
 */
export function ReportDialog({
  targetType,
  targetId,
  name,
  open,
  onOpenChange,
}: {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, as the title names it ('Toyota Hilux', a person's name); the kind of target when absent. */
  name?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = useFileReport();
  const { errors, failure, pending, send, refuse, clearError } = useFormSubmit(report, {
    fields: ['reason', 'details'],
    failure: { fallback: 'Could not send the report. Please try again.' },
    success: (answer) => ({
      title: answer.alreadyReported ? REPORT_ALREADY_SENT : REPORT_THANKS,
      tone: 'success',
    }),
    onSuccess: () => {
      setReason(null);
      setDetails('');
      onOpenChange(false);
    },
  });
  const label = REPORT_TARGET_LABELS[targetType];

  function submit() {
    if (!reason) return refuse({ reason: CHOOSE_A_REASON });
    send({ targetType, targetId, reason, details: details.trim() });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={name ? `Report ${name}?` : `Report this ${label}?`}
      description="Tell us what is wrong. Our team reviews every report; nobody is told who sent it."
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset
          className={styles.reasons}
          aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
          aria-invalid={errors.reason ? true : undefined}
        >
          <legend className={forms.fieldLabel}>Reason</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option} className={styles.reason}>
              <input
                type="radio"
                name={`${ids}-reason`}
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  clearError('reason');
                }}
              />
              {REPORT_REASON_LABELS[option]}
            </label>
          ))}
        </fieldset>
        {errors.reason ? (
          <p id={`${ids}-reason-error`} className={forms.error} role="alert">
            {errors.reason}
          </p>
        ) : null}
        <label className={forms.field}>
          <span className={forms.fieldLabel}>Details (optional)</span>
          <textarea
            className={forms.textarea}
            value={details}
            rows={3}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            onChange={(event) => setDetails(event.target.value)}
          />
        </label>
        {errors.details ? (
          <p className={forms.error} role="alert">
            {errors.details}
          </p>
        ) : null}
        {failure ? (
          <p className={forms.error} role="alert">
            {failure}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
